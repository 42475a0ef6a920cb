export interface TestEdge {
  /** Each site's origin, by the site's name. */
  origins: Record<string, string>;
  /** Whether this nginx has the Brotli module (the variants are served only then). */
  brotli: boolean;
  stop(): Promise<void>;
}

export function freePort(): Promise<number>;
export const TEST_REPORTER_SECRET: string;
export function tlsPageSite(site: {
  root: string;
  tls: { certificate: string; key: string };
  contentSecurityPolicy?: string;
  apiUpstream?: string;
}): object;
export function startTestEdge(sites: object[], options?: { trustedProxies?: string[] }): Promise<TestEdge>;
