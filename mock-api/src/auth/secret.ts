import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export const SECRET_FILE_NAME = 'jwt-secret';

/**
 * The signing secret: `JWT_SECRET` when given, else one generated on first start and kept in the
 * data folder, so tokens survive a restart but every fresh data folder has its own secret.
 */
export function loadSigningSecret(dataDir: string, fromEnvironment?: string): string {
  if (fromEnvironment) return fromEnvironment;
  const file = path.join(dataDir, SECRET_FILE_NAME);
  try {
    const stored = fs.readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch {
    // Not there yet: make one below.
  }
  const secret = randomBytes(48).toString('base64url');
  fs.mkdirSync(dataDir, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, secret, { mode: 0o600 });
  fs.renameSync(temporary, file);
  return secret;
}
