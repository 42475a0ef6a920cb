// The certificate the edge serves on this machine (`npm run preview`, the e2e suite, `npm run perf`):
// a local certificate authority of the project's own and, signed by it, a certificate for the apps'
// host, made on first use into edge/local-tls/ (never committed). The edge serves TLS with HTTP/2
// because members get the portal that way from a CDN, and a browser loads a page's files over one
// multiplexed connection per origin instead of six HTTP/1.1 ones (decision 024).
//
// Nothing trusts the authority by itself: the project's browsers are told to accept this
// certificate's key (`chromiumTrustArgs`), its Node clients to trust the authority
// (`NODE_EXTRA_CA_CERTS`, `edgeDispatcher`), and a developer who wants no warning in their own
// browser imports edge/local-tls/authority.pem as an authority for websites.
const { X509Certificate, createHash } = require('node:crypto');
const { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { isIP } = require('node:net');

const DIRECTORY = path.resolve(__dirname, '..', '..', 'edge', 'local-tls');
/** The files of a set in `directory`. */
const filesIn = (directory) => ({
  authority: path.join(directory, 'authority.pem'),
  certificate: path.join(directory, 'certificate.pem'),
  key: path.join(directory, 'key.pem'),
});
const FILES = filesIn(DIRECTORY);
const DAY_MS = 24 * 60 * 60 * 1000;
/** A certificate closer than this to its end is made again, so no run meets it expiring. */
const RENEW_BEFORE_MS = 30 * DAY_MS;

/** The names the certificate must cover: the apps' host and the loopback addresses nginx listens on. */
function localHosts(host = process.env.APP_HOST || 'localhost') {
  return [...new Set([host, 'localhost', '127.0.0.1', '::1'])];
}

/** Why the set in `directory` cannot serve `hosts`, or null when it can. */
function unusable(directory, hosts, now = Date.now()) {
  const files = filesIn(directory);
  if (!Object.values(files).every((file) => existsSync(file))) return 'not made yet';
  let certificate;
  let authority;
  try {
    certificate = new X509Certificate(readFileSync(files.certificate));
    authority = new X509Certificate(readFileSync(files.authority));
  } catch (error) {
    return `unreadable (${error.message})`;
  }
  if (!certificate.verify(authority.publicKey)) return 'not signed by the authority beside it';
  if (Date.parse(certificate.validTo) - now < RENEW_BEFORE_MS) return 'about to expire';
  const missing = hosts.filter((host) => !(isIP(host) ? certificate.checkIP(host) : certificate.checkHost(host)));
  return missing.length ? `not made for ${missing.join(', ')}` : null;
}

/**
 * The certificate and key for `hosts`, made (with a new authority) when missing, unreadable, about
 * to expire or made for other names. Made in a folder of its own and renamed into place, so that
 * two processes starting at once never read a half-written set: the second's rename fails and it
 * uses the first's.
 */
async function ensureLocalCertificate(hosts = localHosts(), directory = DIRECTORY) {
  const reason = unusable(directory, hosts);
  if (reason === null) return filesIn(directory);
  // Loaded only when a certificate is made: most runs find one.
  const { generate } = require('selfsigned');
  const start = new Date();
  const until = (days) => new Date(start.getTime() + days * DAY_MS);
  const authority = await generate([{ name: 'commonName', value: 'Loyalty portal local authority' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: until(3650),
    extensions: [
      { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  const leaf = await generate([{ name: 'commonName', value: hosts[0] }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: until(825),
    ca: { key: authority.private, cert: authority.cert },
    extensions: [
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: hosts.map((host) => (isIP(host) ? { type: 7, ip: host } : { type: 2, value: host })),
      },
    ],
  });
  const staging = `${directory}.${process.pid}`;
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  const write = (file, text, mode = 0o644) => writeFileSync(path.join(staging, path.basename(file)), text, { mode });
  const files = filesIn(directory);
  // The authority's key is never written: it signs this one certificate and is gone, so a browser
  // told to trust the authority trusts nothing else anyone could sign with it later.
  write(files.authority, authority.cert);
  write(files.certificate, leaf.cert);
  write(files.key, leaf.private, 0o600);
  if (unusable(directory, hosts) !== null) rmSync(directory, { recursive: true, force: true });
  try {
    renameSync(staging, directory);
    console.log(`A local certificate for ${hosts.join(', ')} was made in ${directory} (${reason}).`);
  } catch (error) {
    // Another process put its set in place first: that one is used.
    rmSync(staging, { recursive: true, force: true });
    if (unusable(directory, hosts) !== null) throw error;
  }
  return files;
}

/** A certificate's key as Chromium names it: the base64 SHA-256 of its SubjectPublicKeyInfo. */
function certificateKeyHash(file = FILES.certificate) {
  const key = new X509Certificate(readFileSync(file)).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(key).digest('base64');
}

/**
 * Flags that make a Chromium of the project's accept the edge's certificate, and only it, as valid:
 * its pages are then as a member's are over TLS (cached, secure), which `--ignore-certificate-errors`
 * would not give. Chromium honours the list only with a `--user-data-dir`, which Playwright and
 * chrome-launcher always pass. Throws when no certificate was made yet.
 */
function chromiumTrustArgs() {
  if (!existsSync(FILES.certificate)) {
    throw new Error(
      `No local certificate in ${DIRECTORY}: \`npm run preview\`, \`npm run test:e2e\` or \`npm run perf\` makes one.`,
    );
  }
  return [`--ignore-certificate-errors-spki-list=${certificateKeyHash()}`];
}

let dispatcher = null;
/**
 * A connection pool that trusts the local authority, for undici's `fetch` and `request`: the
 * project's Node clients of the edge (Node's own trusts only the system's authorities).
 */
function edgeDispatcher() {
  const { Agent } = require('undici');
  dispatcher ??= new Agent({ connect: { ca: readFileSync(FILES.authority) } });
  return dispatcher;
}

/** `fetch` for the project's Node clients of the edge (readiness checks, benchmarks). */
function fetchFromEdge(url, init = {}) {
  const { fetch } = require('undici');
  return fetch(url, { ...init, dispatcher: edgeDispatcher() });
}

/** Whether `url` is the local preview's edge: TLS on one of its hosts, once the authority is made. */
function isLocalEdge(url) {
  const { protocol, hostname } = new URL(url);
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  return protocol === 'https:' && localHosts().includes(host) && existsSync(FILES.authority);
}

/**
 * `fetch` that trusts the local authority for the local preview's edge alone, and asks any other
 * origin with Node's own trust, which the authority is never added to. The machine's own
 * NODE_EXTRA_CA_CERTS (a bundle of its own, say) stays as it is.
 */
function fetchTrustingLocalEdge(url, init = {}) {
  return isLocalEdge(url) ? fetchFromEdge(url, init) : fetch(url, init);
}

module.exports = {
  isLocalEdge,
  fetchTrustingLocalEdge,
  LOCAL_TLS: FILES,
  localHosts,
  ensureLocalCertificate,
  certificateKeyHash,
  chromiumTrustArgs,
  edgeDispatcher,
  fetchFromEdge,
};
