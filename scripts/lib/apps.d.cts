type AppKey = 'shell' | 'mf-auth' | 'mf-points' | 'mf-profile';

declare const apps: {
  ports: Record<AppKey | 'api', number>;
  remotes: Array<{ pkg: Exclude<AppKey, 'shell'>; name: string }>;
  origin(pkg: AppKey): string;
  apiOrigin(): string;
  appOrigins(): string[];
  API_PATH: string;
  runtimeConfig(app?: AppKey): { HOST_API: string; RELEASE_MANIFEST_URL: string; DEFAULT_COUNTRY: string };
  localReleaseManifest(version?: string): unknown;
};
export = apps;
