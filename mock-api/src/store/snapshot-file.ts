import fs from 'node:fs';
import path from 'node:path';

let sequence = 0;

/**
 * The data file, `db.json`, that the journal is compacted into: a whole, readable JSON state that
 * is never left half-written. Each write goes to a temporary file in the same folder, is flushed
 * to disk, then renamed over the data file: rename is atomic on one file system, so a reader (or a
 * restart after a crash) sees the old state or the new one, never a mix.
 */
export class SnapshotFile<TState> {
  constructor(readonly file: string) {}

  exists(): boolean {
    return fs.existsSync(this.file);
  }

  read(): TState {
    try {
      return JSON.parse(fs.readFileSync(this.file, 'utf8')) as TState;
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      // Only a hand edit can get here: the snapshot itself is never left torn.
      throw new Error(`${this.file} is not valid JSON (${error.message}); fix it or run npm run mock:reset`);
    }
  }

  /** Returns the bytes written. */
  write(state: TState): number {
    const temporary = this.temporaryName();
    const text = JSON.stringify(state);
    const descriptor = fs.openSync(temporary, 'w', 0o600);
    try {
      fs.writeSync(descriptor, text);
      fs.fsyncSync(descriptor);
    } catch (error) {
      fs.closeSync(descriptor);
      fs.rmSync(temporary, { force: true });
      throw error;
    }
    fs.closeSync(descriptor);
    fs.renameSync(temporary, this.file);
    syncDirectory(path.dirname(this.file));
    return Buffer.byteLength(text);
  }

  /**
   * The same steps with the file system's work off the event loop, so requests are answered while
   * a large state is flushed (turning the state into text still takes the loop's time).
   */
  async writeInBackground(state: TState): Promise<number> {
    const temporary = this.temporaryName();
    const text = JSON.stringify(state);
    const handle = await fs.promises.open(temporary, 'w', 0o600);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } catch (error) {
      await handle.close();
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
    await handle.close();
    await fs.promises.rename(temporary, this.file);
    await syncDirectoryInBackground(path.dirname(this.file));
    return Buffer.byteLength(text);
  }

  private temporaryName(): string {
    return path.join(path.dirname(this.file), `.${path.basename(this.file)}.${process.pid}.${++sequence}.tmp`);
  }
}

/** Makes a rename or a new file itself durable (the directory entry), not only the file's bytes. */
export function syncDirectory(directory: string): void {
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

async function syncDirectoryInBackground(directory: string): Promise<void> {
  const handle = await fs.promises.open(directory, 'r').catch(() => undefined);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // As above.
  } finally {
    await handle.close();
  }
}
