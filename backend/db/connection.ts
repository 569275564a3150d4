import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrate';

export type Db = Database.Database;

export const DATABASE_FILE = 'portal.sqlite';

/**
 * Opens (creating if needed) the embedded back-end's database under `dataDir`
 * and brings its schema up to date. WAL lets pages read while a write commits.
 */
export function openDatabase(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, DATABASE_FILE));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/** Runs `work` in one transaction: all of it is written, or none. */
export function inTransaction<T>(db: Db, work: () => T): T {
  return db.transaction(work)();
}
