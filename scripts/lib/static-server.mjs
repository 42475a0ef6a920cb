// A small static file server for production builds, with the headers a real deployment sends:
// content-hashed files are cached forever, entry files and manifests are revalidated every time,
// remotes answer cross-origin requests, every response carries the security headers and every page
// its Content-Security-Policy (`security-headers.mjs`), and text goes out in the best encoding the
// browser accepts: the Brotli or gzip file the build compressed ahead of time, else gzip on the
// fly. A path prefix can be passed on to another server, as a deployment's edge routes the API
// under the portal's own origin. Written here rather than taken from a package because those
// headers are the policy under test.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { COMMON_SECURITY_HEADERS } from '../edge/policy.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.json', '.css', '.svg', '.txt', '.map']);
// Content-hashed chunks, the system style sheet and the typeface's files (webpack/chakra/system-build.cjs).
const HASHED = /\.[0-9a-f]{10}\.(js|css|woff2)$/;

export function cacheControlFor(filePath) {
  return HASHED.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** The compressed encodings a request's Accept-Encoding allows, in the server's order of preference. */
export function acceptedEncodings(header = '') {
  const accepted = new Set();
  for (const part of header.split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    const quality = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    if (quality !== undefined && Number(quality.slice(2)) === 0) continue;
    accepted.add(name);
  }
  return ['br', 'gzip'].filter((encoding) => accepted.has(encoding) || accepted.has('*'));
}

const PRECOMPRESSED_SUFFIX = { br: '.br', gzip: '.gz' };

/**
 * What to send for `file`: its precompressed variant in the first accepted encoding the build made,
 * else the file itself, gzip-compressed on the fly when gzip is accepted. A variant older than its
 * file is ignored: a file changed after the build is never answered with its old content.
 */
async function bodyFor(file, encodings) {
  const original = await stat(file);
  for (const encoding of encodings) {
    try {
      const variant = await stat(file + PRECOMPRESSED_SUFFIX[encoding]);
      if (variant.isFile() && variant.mtimeMs >= original.mtimeMs) {
        return { path: file + PRECOMPRESSED_SUFFIX[encoding], encoding, size: variant.size };
      }
    } catch {
      // no variant in this encoding
    }
  }
  if (encodings.includes('gzip')) return { path: file, encoding: 'gzip', compressNow: true };
  return { path: file, encoding: null, size: original.size };
}

async function fileAt(root, urlPath) {
  const decoded = decodeURIComponent(urlPath.split('?')[0]);
  const resolved = path.resolve(root, `.${path.posix.normalize(decoded)}`);
  if (resolved !== root && !resolved.startsWith(root + path.sep)) return null;
  try {
    const info = await stat(resolved);
    if (info.isFile()) return resolved;
  } catch {
    // not found
  }
  return null;
}

/**
 * Sends `req` on to the server at `target` (an origin) as it came, and its answer back as it went.
 * A server that cannot be reached gets a 502, as from any gateway.
 */
function forward(req, res, target, common) {
  const upstream = new URL(req.url ?? '/', target);
  const outgoing = http.request(upstream, { method: req.method, headers: { ...req.headers, host: upstream.host } });
  outgoing.on('response', (answer) => {
    // The security headers every response of this server carries, where the answer has none.
    const headers = { ...answer.headers };
    for (const [name, value] of Object.entries(common)) headers[name.toLowerCase()] ??= value;
    res.writeHead(answer.statusCode ?? 502, headers);
    answer.pipe(res);
  });
  outgoing.on('error', () => {
    if (res.destroyed) return;
    if (!res.headersSent) res.writeHead(502, { ...common, 'Content-Type': TYPES['.txt'] });
    res.end(`${target} cannot be reached.`);
  });
  // A call the page gave up on (an aborted search) is given up on upstream too.
  res.on('close', () => {
    if (!res.writableFinished) outgoing.destroy();
  });
  req.pipe(outgoing);
}

/**
 * @param {object} options
 * @param {string | string[]} options.root  folder to serve; with several, the first that has the file
 * @param {number} options.port
 * @param {string} [options.host]
 * @param {boolean} [options.spa]      unknown paths get index.html (the shell's client-side routes)
 * @param {boolean} [options.cors]     allow any origin to fetch (remotes)
 * @param {Record<string, () => unknown>} [options.json]  dynamic JSON documents by path (a function
 *   may return a promise; `undefined` answers 404)
 * @param {Record<string, string>} [options.proxy]  path prefix → the origin its requests go on to
 * @param {(req: http.IncomingMessage) => Record<string,string>} [options.headers]  extra headers
 * @param {(req: http.IncomingMessage) => Record<string,string> | Promise<Record<string,string>>} [options.pageHeaders]
 *   headers of the HTML pages only (their Content-Security-Policy, say), worked out per request:
 *   they may follow a file that changes
 */
export function startStaticServer({
  root,
  port,
  host = 'localhost',
  spa = false,
  cors = false,
  json = {},
  proxy = {},
  headers,
  pageHeaders,
}) {
  const roots = (Array.isArray(root) ? root : [root]).map((folder) => path.resolve(folder));
  const server = http.createServer(async (req, res) => {
    const urlPath = new URL(req.url ?? '/', 'http://local').pathname;
    const common = { ...COMMON_SECURITY_HEADERS, ...(headers ? headers(req) : {}) };
    const proxied = Object.keys(proxy).find((prefix) => urlPath.startsWith(prefix));
    if (proxied) {
      forward(req, res, proxy[proxied], common);
      return;
    }
    if (cors) Object.assign(common, { 'Access-Control-Allow-Origin': '*' });
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...common, 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS' }).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, common).end();
      return;
    }
    if (json[urlPath]) {
      let document;
      try {
        document = await json[urlPath]();
      } catch (error) {
        res.writeHead(500, { ...common, 'Content-Type': TYPES['.txt'] }).end(String(error));
        return;
      }
      if (document === undefined) {
        res.writeHead(404, { ...common, 'Content-Type': TYPES['.txt'], 'Cache-Control': 'no-cache' }).end('Not found');
        return;
      }
      res.writeHead(200, { ...common, 'Content-Type': TYPES['.json'], 'Cache-Control': 'no-cache' });
      res.end(JSON.stringify(document));
      return;
    }
    let file = null;
    for (const folder of roots) {
      file ??= await fileAt(folder, urlPath);
    }
    if (!file && spa && !path.extname(urlPath)) {
      for (const folder of roots) {
        file ??= await fileAt(folder, '/index.html');
      }
    }
    if (!file) {
      res.writeHead(404, { ...common, 'Content-Type': TYPES['.txt'] }).end('Not found');
      return;
    }
    const ext = path.extname(file);
    if (ext === '.html' && pageHeaders) {
      try {
        Object.assign(common, await pageHeaders(req));
      } catch (error) {
        // No page without its headers: its policy is among them.
        res.writeHead(500, { ...common, 'Content-Type': TYPES['.txt'] }).end(String(error));
        return;
      }
    }
    const body = await bodyFor(file, COMPRESSIBLE.has(ext) ? acceptedEncodings(req.headers['accept-encoding']) : []);
    res.writeHead(200, {
      ...common,
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': cacheControlFor(file),
      Vary: 'Accept-Encoding',
      ...(body.encoding ? { 'Content-Encoding': body.encoding } : {}),
      ...(body.compressNow ? {} : { 'Content-Length': String(body.size) }),
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = createReadStream(body.path);
    (body.compressNow ? stream.pipe(zlib.createGzip()) : stream).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
