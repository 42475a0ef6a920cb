import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt cost (N) in production use; tests pass a lower one to stay fast. */
export const DEFAULT_SCRYPT_COST = 16_384;
const KEY_LENGTH = 32;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

function deriveKey(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 256 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`: the parameters travel with the hash, so the cost can change later. */
export async function hashPassword(password: string, cost = DEFAULT_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await deriveKey(password, salt, { N: cost, r: BLOCK_SIZE, p: PARALLELISM });
  return ['scrypt', cost, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  return (await matchPassword(password, stored)) === 0;
}

function parseStored(stored: string) {
  const [scheme, cost, blockSize, parallelism, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return null;
  return { N: Number(cost), r: Number(blockSize), p: Number(parallelism), salt, hash: Buffer.from(hash, 'base64') };
}

/**
 * `password` hashed with the parameters and salt of `stored`, so that one derivation of a password
 * can later be compared with both (see `matchPassword`). Costs exactly what checking `stored` costs.
 */
export async function hashPasswordLike(password: string, stored: string): Promise<string> {
  const parsed = parseStored(stored);
  if (!parsed) throw new Error('Not a scrypt hash');
  const key = await deriveKey(password, Buffer.from(parsed.salt, 'base64'), parsed);
  return ['scrypt', parsed.N, parsed.r, parsed.p, parsed.salt, key.toString('base64')].join('$');
}

/**
 * Derives `password` once, with the parameters and salt of `stored`, and says which of `stored`
 * (0) and `alternates` (1, 2…, each made by `hashPasswordLike(…, stored)`) it matches; -1 for none.
 * One derivation whatever the number of candidates, so the work does not tell them apart.
 */
export async function matchPassword(password: string, stored: string, ...alternates: string[]): Promise<number> {
  const parsed = parseStored(stored);
  if (!parsed) return -1;
  const key = await deriveKey(password, Buffer.from(parsed.salt, 'base64'), parsed);
  const candidates = [stored, ...alternates].map((candidate) => parseStored(candidate));
  let matched = -1;
  candidates.forEach((candidate, index) => {
    const same =
      candidate !== null &&
      candidate.salt === parsed.salt &&
      candidate.hash.length === key.length &&
      timingSafeEqual(candidate.hash, key);
    if (same && matched === -1) matched = index;
  });
  return matched;
}
