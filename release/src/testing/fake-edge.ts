import { readFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { manifestPath } from '../deploy-layout';

export interface FakeEdge {
  /** The revision its `/release-manifest.json` says, unless it follows a manifest. */
  revision: number;
  /** Every request it had. */
  asks: number;
  url: string;
  /** When (by the test's clock) it first answered with each revision. */
  servedSince: Map<number, number>;
  server: Server;
}

export interface FakeEdgeOptions {
  /**
   * Follow an environment's manifest as the preview does, each revision taken up `lagMs` after
   * the edge first saw it written: it serves the one before meanwhile.
   */
  follow?: { root: string; env: string; lagMs: number };
  /** The clock `servedSince` is read from. */
  clock?: () => number;
  /** Served over TLS with this certificate and key (PEM), as the preview's edge is. */
  tls?: { cert: string; key: string };
  /** The loopback address it listens on: 127.0.0.1 unless said. */
  host?: string;
}

/** The revision `follow`'s manifest file holds; 0 while there is none. */
function writtenRevision(root: string, env: string): number {
  try {
    return (JSON.parse(readFileSync(manifestPath(root, env), 'utf8')) as { revision: number }).revision;
  } catch {
    return 0;
  }
}

/** A local edge serving a release manifest of its own revision (or a lagging one of a deploy root's), counting the asks. */
export async function fakeEdge(
  initial: number,
  { follow, clock = Date.now, tls, host = '127.0.0.1' }: FakeEdgeOptions = {},
): Promise<FakeEdge> {
  /** When each written revision was first seen, for the lag: what is written already is served from the start. */
  const seen = new Map<number, number>(follow ? [[writtenRevision(follow.root, follow.env), -Infinity]] : []);
  const answer: RequestListener = (request, response) => {
    edge.asks += 1;
    if (request.url !== '/release-manifest.json') return void response.writeHead(404).end();
    if (follow) {
      const written = writtenRevision(follow.root, follow.env);
      if (!seen.has(written)) seen.set(written, clock());
      const takenUp = [...seen].filter(([, at]) => clock() - at >= follow.lagMs).map(([revision]) => revision);
      edge.revision = Math.max(initial, ...takenUp);
    }
    if (!edge.servedSince.has(edge.revision)) edge.servedSince.set(edge.revision, clock());
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ schemaVersion: 1, revision: edge.revision, remotes: {} }));
  };
  const edge: FakeEdge = {
    revision: initial,
    asks: 0,
    url: '',
    servedSince: new Map(),
    server: tls ? createTlsServer(tls, answer) : createServer(answer),
  };
  await new Promise<void>((resolve) => edge.server.listen(0, host, resolve));
  edge.url = `${tls ? 'https' : 'http'}://${host}:${(edge.server.address() as AddressInfo).port}`;
  return edge;
}
