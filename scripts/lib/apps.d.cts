type AppKey = 'shell' | 'mf-auth' | 'mf-points' | 'mf-profile';
/** Who serves the apps: the edge (nginx, TLS with HTTP/2) or the development servers (plain HTTP). */
type ServedBy = 'edge' | 'development';

declare const apps: {
  ports: Record<AppKey | 'api' | 'telemetry' | 'prometheus', number>;
  portsEnvironment(offset: number): Record<string, string>;
  originAt(port: number): string;
  edgeOriginAt(port: number): string;
  remotes: Array<{ pkg: Exclude<AppKey, 'shell'>; name: string }>;
  origin(pkg: AppKey, servedBy?: ServedBy): string;
  apiOrigin(): string;
  apiUpstream(): string;
  telemetryOrigin(): string;
  prometheusOrigin(): string;
  appOrigins(): string[];
  API_PATH: string;
  TELEMETRY_PATH: string;
  TELEMETRY_REPORTS_URL: string;
  CSP_REPORTS_URL: string;
  TELEMETRY_PASS_URL: string;
  forwardedPaths(): Record<string, string>;
  runtimeConfig(
    app?: AppKey,
    servedBy?: ServedBy,
  ): {
    HOST_API: string;
    RELEASE_MANIFEST_URL: string;
    DEFAULT_COUNTRY: string;
    TELEMETRY_URL?: string;
  };
  localReleaseManifest(version?: string, servedBy?: ServedBy): unknown;
};
export = apps;
