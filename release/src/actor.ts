import os from 'node:os';

/** Who is making the change, for the audit log: `RELEASE_ACTOR` (CI sets it) or the OS user. */
export function currentActor(): string {
  if (process.env.RELEASE_ACTOR) return process.env.RELEASE_ACTOR;
  try {
    return os.userInfo().username;
  } catch {
    return 'unknown';
  }
}
