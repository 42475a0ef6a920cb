import fs from 'node:fs';
import path from 'node:path';
import type { Patch } from 'immer';
import { syncDirectory } from './snapshot-file';

/** One acknowledged transaction: its number, and what it changed as immer patches. */
export interface JournalEntry {
  seq: number;
  patches: Patch[];
}

const isEntry = (value: unknown): value is JournalEntry =>
  typeof value === 'object' &&
  value !== null &&
  Number.isInteger((value as JournalEntry).seq) &&
  Array.isArray((value as JournalEntry).patches);

/**
 * The entries of a journal file, in order. Its last line may be torn (a write cut short by a crash
 * or a full disk, never acknowledged): it is left out. A broken line anywhere else cannot come
 * from the writer, so it stops the start with the way out rather than dropping what follows it.
 */
export function readJournal(file: string): JournalEntry[] {
  if (!fs.existsSync(file)) return [];
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const entries: JournalEntry[] = [];
  lines.forEach((line, index) => {
    if (line === '') return;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      entry = undefined;
    }
    if (isEntry(entry)) entries.push(entry);
    else if (index < lines.length - 1)
      throw new Error(`${file}: line ${index + 1} is not a journal entry; fix it or run npm run mock:reset`);
  });
  return entries;
}

/**
 * The append-only journal beside `db.json`: one JSON line per transaction, flushed to disk before
 * the transaction counts, so an answered write survives a crash at any moment.
 */
export class Journal {
  private descriptor: number;
  /** Bytes of whole entries: what the file is cut back to when an append fails half-way. */
  private bytes: number;
  private broken: Error | undefined;

  constructor(readonly file: string) {
    const existed = fs.existsSync(file);
    this.descriptor = fs.openSync(file, 'a+', 0o600);
    this.bytes = fs.fstatSync(this.descriptor).size;
    if (!existed) syncDirectory(path.dirname(file));
  }

  get size(): number {
    return this.bytes;
  }

  /**
   * Writes an entry (a {@link JournalEntry} as JSON) and flushes it; throws, leaving the file as it
   * was, when the disk refuses.
   */
  append(entry: string): void {
    if (this.broken) throw this.broken;
    const line = Buffer.from(`${entry}\n`);
    try {
      let written = 0;
      while (written < line.length) written += fs.writeSync(this.descriptor, line, written);
      fs.fdatasyncSync(this.descriptor);
    } catch (error) {
      // A partial line would hide every line after it: cut it off before anything follows.
      try {
        fs.ftruncateSync(this.descriptor, this.bytes);
      } catch (cutError) {
        this.broken = new Error(`${this.file} could not be repaired after a failed write; restart the mock API`, {
          cause: cutError,
        });
      }
      throw error;
    }
    this.bytes += line.length;
  }

  /**
   * Drops the first `bytes` (entries a new snapshot holds) and keeps the rest (entries written
   * while it was being written), replacing the file atomically: a crash leaves the old journal,
   * whose entries the snapshot already holds are skipped by number, or the new one.
   */
  dropFirst(bytes: number): void {
    const rest = Buffer.alloc(this.bytes - bytes);
    if (rest.length > 0) fs.readSync(this.descriptor, rest, 0, rest.length, bytes);
    const temporary = path.join(path.dirname(this.file), `.${path.basename(this.file)}.${process.pid}.tmp`);
    const descriptor = fs.openSync(temporary, 'w', 0o600);
    try {
      fs.writeSync(descriptor, rest);
      fs.fsyncSync(descriptor);
    } finally {
      fs.closeSync(descriptor);
    }
    fs.renameSync(temporary, this.file);
    syncDirectory(path.dirname(this.file));
    fs.closeSync(this.descriptor);
    this.descriptor = fs.openSync(this.file, 'a+', 0o600);
    this.bytes = rest.length;
  }

  close(): void {
    fs.closeSync(this.descriptor);
  }
}
