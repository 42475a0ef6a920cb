import fs from 'node:fs';
import path from 'node:path';
import { Immer, current, enableArrayMethods, enablePatches, freeze, isDraft, type Draft, type Patch } from 'immer';
import { Journal, readJournal } from './journal';
import { SnapshotFile } from './snapshot-file';
import { laterTables, type Database } from './schema';

export const DATA_FILE_NAME = 'db.json';
export const JOURNAL_FILE_NAME = 'db.journal.jsonl';
/** The journal is compacted once it is larger than this and than the data file. */
export const COMPACT_AT_BYTES = 1024 * 1024;
/** ... and once no write came for this long, so `db.json` soon shows what was written. */
export const COMPACT_WHEN_IDLE_MS = 1000;

enablePatches();
// Reads through a draft array (find, filter, some) then see plain records and make a draft of the
// matches only, not of every record they pass.
enableArrayMethods();
// Frozen by hand (`freezeTouched`): immer's own freezing visits every record of a table that
// changed, 100 000 for one new transaction.
const immer = new Immer({ autoFreeze: false });

/** `db.json` as written: the state, and the number of the last journal entry it holds. */
type Snapshot = Database & { meta: Database['meta'] & { journalSequence?: number } };

export interface StoreOptions {
  /** Journal bytes that start a compaction, whatever the data file's size (tests). */
  compactAtBytes?: number;
  /** Compacts once no write came for this long; 0: not for idleness. */
  compactWhenIdleMs?: number;
  /** Where a compaction that failed in the background is reported (it is tried again later). */
  log?: (message: string, error?: unknown) => void;
}

/** What a change may ask of the transaction it runs in. */
export interface Transaction {
  /**
   * Keeps nothing of this change, after all of its work and of writing it is done: the entry
   * written is as long as the change would have made it, and replays as nothing. A path that must
   * take as long as another whose result it does not keep (decision 036) runs the same change and
   * discards it.
   */
  discard(): void;
  /** Runs `effect` once the change is on disk, unless it was discarded (e.g. printing a mail). */
  afterCommit(effect: () => void): void;
}

export interface Store {
  /** `db.json`: the state as of the last compaction. */
  readonly file: string;
  /** What was written since, one line per transaction. */
  readonly journalFile: string;
  /**
   * The current state, frozen: read it freely; change it only inside {@link Store.transact}. A
   * record read here is a value of this moment: after an `await` look it up again, by id or
   * e-mail, inside the transaction that changes it.
   */
  readonly data: Database;
  /**
   * Runs `change` on a draft of the state and, when it changed anything, appends what changed to
   * the journal and flushes it before the new state counts and before returning. `change` is
   * synchronous, so no other request runs between its checks and its writes: that is what makes a
   * booking claimable once and a balance impossible to overdraw under concurrent requests. When
   * `change` throws, its draft is dropped and the state is as it was: nothing is read again.
   * Return plain values (answers made from the draft), not the draft's records.
   */
  transact<T>(change: (data: Database, transaction: Transaction) => T): T;
  /** Writes the whole state into `db.json` and drops the journal it holds. */
  compact(): Promise<void>;
  /** Compacts, then refuses further transactions. */
  close(): Promise<void>;
}

/**
 * What a data folder holds: `db.json` with the journal's later entries applied. A torn last line of
 * the journal (a write that was never acknowledged) is left out. Reads only.
 */
export function readDataOnDisk(dataDir: string): Database {
  return load(dataDir).state;
}

function load(dataDir: string): { state: Database; seq: number } {
  const snapshot = new SnapshotFile<Snapshot>(path.join(dataDir, DATA_FILE_NAME)).read();
  const { journalSequence = 0, ...meta } = snapshot.meta;
  const journalFile = path.join(dataDir, JOURNAL_FILE_NAME);
  let seq = journalSequence;
  // Entries the data file already holds (a crash came between its write and the journal's) are skipped.
  const entries = readJournal(journalFile).filter((entry) => entry.seq > journalSequence);
  const state = immer.produce({ ...snapshot, meta } as Database, (draft) => {
    for (const entry of entries) {
      if (entry.seq !== seq + 1)
        throw new Error(`${journalFile}: entry ${entry.seq} follows ${seq}; fix it or run npm run mock:reset`);
      immer.applyPatches(draft, entry.patches);
      seq = entry.seq;
    }
  });
  return { state, seq };
}

/** Opens (and creates, seeding it, when missing) the data folder: `db.json` and its journal. */
export function openStore(dataDir: string, seed: () => Database, options: StoreOptions = {}): Store {
  const log = options.log ?? ((message: string, error?: unknown) => console.error(message, error));
  fs.mkdirSync(dataDir, { recursive: true });
  removeStaleTemporaryFiles(dataDir);
  const file = path.join(dataDir, DATA_FILE_NAME);
  const journalFile = path.join(dataDir, JOURNAL_FILE_NAME);
  const snapshotFile = new SnapshotFile<Snapshot>(file);
  if (!snapshotFile.exists()) {
    // A journal without its data file belongs to a state that is gone (mock:reset, a deleted db.json).
    fs.rmSync(journalFile, { force: true });
    snapshotFile.write(seed());
  }

  let { state, seq } = load(dataDir);
  const missing = Object.entries(laterTables()).filter(([table]) => !Array.isArray(state[table as keyof Database]));
  if (missing.length > 0) state = { ...state, ...Object.fromEntries(missing) };
  const journal = new Journal(journalFile);
  const onDisk = (snapshot: Database, sequence: number): Snapshot => ({
    ...snapshot,
    meta: { ...snapshot.meta, journalSequence: sequence },
  });
  // At start, the journal (and a torn last line of it) goes into the data file.
  let snapshotBytes =
    missing.length > 0 || journal.size > 0 ? snapshotFile.write(onDisk(state, seq)) : fs.statSync(file).size;
  if (journal.size > 0) journal.dropFirst(journal.size);
  freeze(state, true);

  let closed = false;
  let compacting: Promise<void> | undefined;
  const compactWhenIdleMs = options.compactWhenIdleMs ?? COMPACT_WHEN_IDLE_MS;
  let idleTimer: NodeJS.Timeout | undefined;

  function compact(): Promise<void> {
    if (closed) return Promise.resolve();
    compacting ??= (async () => {
      const snapshot = state;
      const sequence = seq;
      const heldBytes = journal.size;
      if (heldBytes === 0) return;
      snapshotBytes = await snapshotFile.writeInBackground(onDisk(snapshot, sequence));
      if (!closed) journal.dropFirst(heldBytes);
    })().finally(() => {
      compacting = undefined;
    });
    return compacting;
  }

  const compactInBackground = () => {
    if (closed || compacting) return;
    compact().catch((error: unknown) => log('The journal could not be compacted into the data file', error));
  };

  function afterWrite(): void {
    if (compactWhenIdleMs > 0) {
      if (idleTimer) idleTimer.refresh();
      else {
        idleTimer = setTimeout(compactInBackground, compactWhenIdleMs);
        idleTimer.unref();
      }
    }
    if (journal.size >= (options.compactAtBytes ?? Math.max(COMPACT_AT_BYTES, snapshotBytes)))
      setImmediate(compactInBackground);
  }

  return {
    file,
    journalFile,
    get data() {
      return state;
    },
    transact<T>(change: (data: Database, transaction: Transaction) => T): T {
      if (closed) throw new Error('The store is closed');
      let result: T | undefined;
      let discarded = false;
      const effects: (() => void)[] = [];
      const transaction: Transaction = {
        discard: () => void (discarded = true),
        afterCommit: (effect) => void effects.push(effect),
      };
      const [next, patches] = immer.produceWithPatches(state, (draft) => {
        const value = change(draft as Database, transaction);
        result = isDraft(value) ? current<T>(value as Draft<T>) : value;
      });
      if (patches.length === 0 && !discarded) return result as T;
      const entry = JSON.stringify({ seq: seq + 1, patches });
      // JSON allows the spaces after the value: the same bytes to write and flush, nothing to replay.
      journal.append(
        discarded ? JSON.stringify({ seq: seq + 1, patches: [] }).padEnd(Buffer.byteLength(entry)) : entry,
      );
      seq += 1;
      const frozen = freezeTouched(next as Database, patches);
      if (discarded) return result as T;
      state = frozen;
      afterWrite();
      for (const effect of effects) effect();
      return result as T;
    },
    compact,
    async close() {
      if (closed) return;
      clearTimeout(idleTimer);
      await compacting?.catch(() => undefined);
      closed = true;
      try {
        if (journal.size > 0) {
          snapshotFile.write(onDisk(state, seq));
          journal.dropFirst(journal.size);
        }
      } finally {
        journal.close();
      }
    },
  };
}

/**
 * Freezes what a transaction made new, so that a record held from an older state cannot be
 * changed by mistake (it throws, where a change to it would otherwise vanish). Every new object
 * lies on a patch's path: the root, the table, the record (with all it holds); a table of records
 * is frozen itself but not walked, since its other records are the old, frozen ones.
 */
function freezeTouched(next: Database, patches: Patch[]): Database {
  Object.freeze(next);
  for (const {
    path: [table, record],
  } of patches) {
    const value: unknown = next[table as keyof Database];
    if (record !== undefined && Array.isArray(value)) {
      Object.freeze(value);
      freeze(value[record as number], true);
    } else {
      freeze(value, true);
    }
  }
  return next;
}

/**
 * A table to read many records of. Inside a transaction it is a draft, and each record read
 * through it becomes a draft too, several times slower to sum than immer's `current`
 * (docs/performance.md, "Behind the code"): this gives the table as it stands, for reading only.
 * With immer's array methods, `concat` copies the draft's own list, whose records are the stored
 * ones (or drafts of those this transaction changed), without a draft per record.
 */
export function readable<T>(table: T[]): readonly T[] {
  return isDraft(table) ? table.concat() : table;
}

/**
 * The record of `table` that `matches`, looked for in every record: no early stop and no draft per
 * record, so the time it takes tells neither whether nor where the record is (a `find` over the
 * members or the code limits timed an address's existence). Inside a transaction the record
 * returned is a draft, to change.
 */
export function findScanningAll<T>(table: T[], matches: (record: T) => boolean): T | undefined {
  let found = -1;
  readable(table).forEach((record, index) => {
    if (matches(record)) found = index;
  });
  return found === -1 ? undefined : table[found];
}

/** A process killed mid-write leaves its temporary file behind; the files themselves are whole. */
function removeStaleTemporaryFiles(dataDir: string): void {
  for (const name of fs.readdirSync(dataDir)) {
    if ((name.startsWith(`.${DATA_FILE_NAME}.`) || name.startsWith(`.${JOURNAL_FILE_NAME}.`)) && name.endsWith('.tmp'))
      fs.rmSync(path.join(dataDir, name), { force: true });
  }
}
