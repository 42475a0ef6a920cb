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
};
export = localTls;
