import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';

/** Subresource-integrity value of some bytes, as browsers check it (`sha384-<base64>`). */
export function sha384Of(bytes: Buffer | Uint8Array): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/** Subresource-integrity value of a file, as browsers check it (`sha384-<base64>`). */
export async function sha384Integrity(file: string): Promise<string> {
  return sha384Of(await readFile(file));
}

/**
 * `publish`'s own note in a version's folder. Written for people; never trusted, since whoever can
 * change the folder can change it too (decision 055).
 */
export const RELEASE_NOTE_FILE = 'release.json';

/**
 * The SHA-384 of every file of a version folder, by its path inside the folder (with `/`):
 * chunks, their precompressed variants (which the edge sends as they are), manifests, fonts.
 */
export async function fileDigests(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => file !== RELEASE_NOTE_FILE)
    .sort();
  const digests: Record<string, string> = {};
  for (const file of files) digests[file] = await sha384Integrity(path.join(dir, file));
  return digests;
}

/** How a version folder differs from the digests recorded when it was published (empty: it does not). */
export async function digestMismatches(dir: string, recorded: Record<string, string>): Promise<string[]> {
  const actual = await fileDigests(dir);
  const problems: string[] = [];
  for (const [file, digest] of Object.entries(recorded)) {
    if (!(file in actual)) problems.push(`${file} is missing (published ${digest})`);
    else if (actual[file] !== digest) {
      problems.push(`${file} was changed after publishing (integrity ${actual[file]}, published ${digest})`);
    }
  }
  for (const file of Object.keys(actual)) {
    if (!(file in recorded)) problems.push(`${file} was added after publishing`);
  }
  return problems;
}
