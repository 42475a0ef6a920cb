/** `shell` or a remote's package name (remotes.json). */
type AppKey = string;
/** Who serves the apps: the edge (nginx, TLS with HTTP/2) or the development servers (plain HTTP). */
type ServedBy = 'edge' | 'development';

declare const apps: {
  /** Each server's port; a remote's under its package name. */
  ports: Record<'shell' | 'api' | 'telemetry' | 'prometheus', number> & Record<AppKey, number | undefined>;
  portsEnvironment(offset: number): Record<string, string>;
  /** A stack's own ports beside this table's, by variable: SHELL_PORT, each remote's, API_PORT. */
  stackPorts(
    offset: number,
    taken?: Iterable<number>,
  ): Record<'SHELL_PORT' | 'API_PORT', number> & Record<string, number>;
  originAt(port: number): string;
  edgeOriginAt(port: number): string;
  remotes: Array<{ pkg: string; name: string }>;
  /** `shell`, then every remote's package name. */
  appPackages: string[];
  /** Each server's port variable and default port. */
  PORT_SETTINGS: Record<string, [variable: string, otherwise: number]>;
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
  /** The largest body the receiver takes, and the edge lets through: reports (and passes), CSP reports. */
  TELEMETRY_BODY_BYTES: Readonly<{ reports: number; cspReports: number }>;
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
