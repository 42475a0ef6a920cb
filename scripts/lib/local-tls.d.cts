import type { Agent, RequestInit, Response } from 'undici';

/** The local certificate's files (scripts/lib/local-tls.cjs). */
interface LocalTlsFiles {
  authority: string;
  certificate: string;
  key: string;
}

declare const localTls: {
  LOCAL_TLS: LocalTlsFiles;
  localHosts(host?: string): string[];
  ensureLocalCertificate(hosts?: string[], directory?: string): Promise<LocalTlsFiles>;
  certificateKeyHash(file?: string): string;
  chromiumTrustArgs(): string[];
  edgeDispatcher(): Agent;
  fetchFromEdge(url: string, init?: RequestInit): Promise<Response>;
  /** TLS on one of the preview's hosts, once the local authority is made. */
  isLocalEdge(url: string): boolean;
  /** The local authority trusted for the preview's edge alone; Node's own trust elsewhere. */
  fetchTrustingLocalEdge(url: string, init?: RequestInit): Promise<Response | globalThis.Response>;
};
export = localTls;
