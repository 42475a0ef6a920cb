import fs from 'node:fs';
import path from 'node:path';
import low, { type LowdbSync } from 'lowdb';
import { AtomicFileAdapter } from './atomic-file-adapter';
import { laterTables, type Database } from './schema';

export const DATA_FILE_NAME = 'db.json';

export interface Store {
  readonly file: string;
  /** The current state. Read freely; change it only inside {@link Store.transact}. */
  readonly data: Database;
  /**
   * Runs `change` and writes the result to disk before returning. `change` is synchronous, so no
   * other request runs between its checks and its writes: that is what makes a booking claimable
   * once and a balance impossible to overdraw under concurrent requests. When `change` throws,
   * the last state on disk is reloaded, so a half-made change never survives.
   */
  transact<T>(change: (data: Database) => T): T;
}

/** Opens (and creates, seeding it, when missing) the JSON file behind json-server's lowdb store. */
export function openStore(dataDir: string, seed: () => Database): Store {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DATA_FILE_NAME);
  const db: LowdbSync<Database> = low(new AtomicFileAdapter<Database>(file, seed));
  const state = db.getState();
  const missing = Object.entries(laterTables()).filter(([table]) => !Array.isArray(state[table as keyof Database]));
  if (missing.length > 0) {
    for (const [table, rows] of missing) Object.assign(state, { [table]: rows });
    db.write();
  }
  return {
    file,
    get data() {
      return db.getState();
    },
    transact(change) {
      try {
        const result = change(db.getState());
        db.write();
        return result;
      } catch (error) {
        db.read();
        throw error;
      }
    },
  };
}
