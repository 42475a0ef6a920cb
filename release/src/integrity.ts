import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

/** Subresource-integrity value of a file, as browsers check it (`sha384-<base64>`). */
export async function sha384Integrity(file: string): Promise<string> {
  return `sha384-${createHash('sha384')
    .update(await readFile(file))
    .digest('base64')}`;
}
