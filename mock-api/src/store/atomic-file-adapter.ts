import fs from 'node:fs';
import path from 'node:path';
import type { SyncAdapter } from 'lowdb';

let sequence = 0;

/**
 * A lowdb adapter that never leaves a half-written file. Each write goes to a temporary file in
 * the same folder, is flushed to disk, then renamed over the data file: rename is atomic on one
 * file system, so a reader (or a restart after a crash) sees the old state or the new one, never a
 * mix. Writes are synchronous, so a write is on disk before the request that caused it is answered.
 */
export class AtomicFileAdapter<TState> implements SyncAdapter<TState> {
  constructor(
    readonly file: string,
    private readonly createDefault: () => TState,
  ) {}

  read(): TState {
    if (!fs.existsSync(this.file)) {
      const initial = this.createDefault();
      this.write(initial);
      return initial;
    }
    try {
      return JSON.parse(fs.readFileSync(this.file, 'utf8')) as TState;
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      // Only a hand edit can get here: the adapter itself never leaves a torn file.
      throw new Error(`${this.file} is not valid JSON (${error.message}); fix it or run npm run mock:reset`);
    }
  }

  write(state: TState): void {
    const directory = path.dirname(this.file);
    const temporary = path.join(directory, `.${path.basename(this.file)}.${process.pid}.${++sequence}.tmp`);
    const descriptor = fs.openSync(temporary, 'w', 0o600);
    try {
      fs.writeSync(descriptor, JSON.stringify(state));
      fs.fsyncSync(descriptor);
    } catch (error) {
      fs.closeSync(descriptor);
      fs.rmSync(temporary, { force: true });
      throw error;
    }
    fs.closeSync(descriptor);
    fs.renameSync(temporary, this.file);
    syncDirectory(directory);
  }
}

/** Makes the rename itself durable (the directory entry), not only the file's bytes. */
function syncDirectory(directory: string): void {
  let descriptor: number | undefined;
  try {
    descriptor = fs.openSync(directory, 'r');
    fs.fsyncSync(descriptor);
  } catch {
    // Some file systems refuse fsync on a directory; the rename is still atomic there.
  } finally {
    if (descriptor !== undefined) fs.closeSync(descriptor);
  }
}
