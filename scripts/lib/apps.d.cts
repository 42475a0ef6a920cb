type AppKey = 'shell' | 'mf-auth' | 'mf-points' | 'mf-profile';

declare const apps: {
  ports: Record<AppKey | 'api' | 'telemetry' | 'prometheus', number>;
  portsEnvironment(offset: number): Record<string, string>;
  originAt(port: number): string;
  remotes: Array<{ pkg: Exclude<AppKey, 'shell'>; name: string }>;
  origin(pkg: AppKey): string;
  apiOrigin(): string;
  telemetryOrigin(): string;
  prometheusOrigin(): string;
  appOrigins(): string[];
  API_PATH: string;
  TELEMETRY_PATH: string;
  TELEMETRY_REPORTS_URL: string;
  CSP_REPORTS_URL: string;
  forwardedPaths(): Record<string, string>;
  runtimeConfig(app?: AppKey): {
    HOST_API: string;
    RELEASE_MANIFEST_URL: string;
    DEFAULT_COUNTRY: string;
    TELEMETRY_URL?: string;
  };
  localReleaseManifest(version?: string): unknown;
};
export = apps;
