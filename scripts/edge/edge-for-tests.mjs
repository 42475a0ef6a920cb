// The edge as tests start it: nginx with the configuration nginx-config.mjs writes for `sites`,
// each on a free port of the loopback interface, in a folder of its own.
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { nginxConfig } from './nginx-config.mjs';
import { ensureNginx, runtimePaths, startNginx, workerUserFor } from './nginx.mjs';

/** A port nothing listens on now (the kernel's choice), for a server started right after. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts connections on `origin`'s port (an answer is not needed). */
const accepting = (origin) =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(origin);
    const socket = net.connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** The receivers' key the tests' edge checks reporter cookies with: a test's receiver signs with it. */
export const TEST_REPORTER_SECRET = 'the-test-edge-and-its-receivers-share-this-key';

/**
 * The shell's site as the edge tests serve it: the pages of one folder over TLS, and the API
 * behind the edge when `apiUpstream` is given.
 */
export function tlsPageSite({ root, tls, contentSecurityPolicy = "default-src 'self'", apiUpstream }) {
  return {
    name: 'shell',
    roots: [root],
    pageRoot: root,
    pages: true,
    cors: false,
    contentSecurityPolicy,
    tls: { certificate: tls.certificate, key: tls.key },
    ...(apiUpstream ? { apiUpstream } : {}),
  };
}

/**
 * Starts nginx for `sites` (nginx-config.mjs `Site`s without `listen`; one with `tls` is served
 * over TLS), behind `trustedProxies` when given (their `X-Forwarded-For` names the client). Resolves
 * with each site's origin by name, and `stop()`.
 */
export async function startTestEdge(sites, { trustedProxies = [] } = {}) {
  const { nginx, brotliModule } = ensureNginx();
  const runtimeDir = mkdtempSync(path.join(tmpdir(), 'loyalty-test-edge-'));
  const origins = {};
  const placed = [];
  for (const site of sites) {
    const port = await freePort();
    origins[site.name] = `${site.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
    placed.push({ serverName: '127.0.0.1', ...site, listen: [`127.0.0.1:${port}`] });
  }
  const { errorLog } = runtimePaths(runtimeDir);
  const edge = await startNginx({
    nginx,
    runtimeDir,
    config: nginxConfig({
      sites: placed,
      runtimeDir,
      foreground: true,
      user: workerUserFor(placed.flatMap((site) => site.roots)),
      brotliModule,
      errorLog,
      reporterSecret: { value: TEST_REPORTER_SECRET },
      trustedProxies,
    }),
    ready: async () => (await Promise.all(Object.values(origins).map(accepting))).every(Boolean),
  });
  return {
    origins,
    brotli: Boolean(brotliModule),
    async stop() {
      await edge.stop();
      rmSync(runtimeDir, { recursive: true, force: true });
    },
  };
}
