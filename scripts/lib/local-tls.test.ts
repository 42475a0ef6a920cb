import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import localTls from './local-tls.cjs';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'local-tls-test-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const read = (file: string) => new X509Certificate(readFileSync(file));

test('makes a certificate for every local name, signed by an authority of its own, its key readable by its owner only', async () => {
  const files = await localTls.ensureLocalCertificate(['localhost', '127.0.0.1', '::1'], path.join(folder, 'tls'));
  const certificate = read(files.certificate);
  const authority = read(files.authority);
  expect(certificate.verify(authority.publicKey)).toBe(true);
  expect(authority.ca).toBe(true);
  expect(certificate.ca).toBe(false);
  expect(certificate.checkHost('localhost')).toBe('localhost');
  expect(certificate.checkIP('127.0.0.1')).toBe('127.0.0.1');
  expect(certificate.checkIP('::1')).toBe('::1');
  expect(certificate.checkHost('example.com')).toBeUndefined();
  expect(statSync(files.key).mode & 0o077).toBe(0);
  // The authority signs this certificate only: its key is not kept.
  expect(readdirSync(path.dirname(files.certificate)).sort()).toEqual(['authority.pem', 'certificate.pem', 'key.pem']);
  expect(localTls.certificateKeyHash(files.certificate)).toMatch(/^[A-Za-z0-9+/]{43}=$/);
});

test('keeps a set that still serves, and makes a new one for a name it does not cover', async () => {
  const directory = path.join(folder, 'tls');
  const first = await localTls.ensureLocalCertificate(['localhost', '127.0.0.1'], directory);
  const made = readFileSync(first.certificate, 'utf8');
  await localTls.ensureLocalCertificate(['localhost', '127.0.0.1'], directory);
  expect(readFileSync(first.certificate, 'utf8')).toBe(made);

  await localTls.ensureLocalCertificate(['portal.test', 'localhost'], directory);
  expect(readFileSync(first.certificate, 'utf8')).not.toBe(made);
  expect(read(first.certificate).checkHost('portal.test')).toBe('portal.test');
});

test('two processes making a set at once leave one whole set, certificate and authority together', async () => {
  const directory = path.join(folder, 'tls');
  const [a, b] = await Promise.all([
    localTls.ensureLocalCertificate(['localhost'], directory),
    localTls.ensureLocalCertificate(['localhost'], directory),
  ]);
  expect(a).toEqual(b);
  expect(read(a.certificate).verify(read(a.authority).publicKey)).toBe(true);
});
