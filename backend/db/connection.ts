import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrate';

export type Db = Database.Database;

export const DATABASE_FILE = 'portal.sqlite';

/** The data folder cannot be used: the message names the folder and the cause, for one line at start. */
export class DataFolderError extends Error {}

/** What went wrong with the data folder, in an operator's words. */
function causeOf(error: unknown, file: string): string {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EROFS' || code === 'SQLITE_READONLY' || /readonly|read-only/i.test(message ?? ''))
    return 'it is read-only';
  if (code === 'ENOTDIR' || code === 'EEXIST') return 'it is not a folder';
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT')
    return `${file} is not a database or is damaged (move it away to start with a fresh one)`;
  if (code === 'SQLITE_CANTOPEN') return `${file} cannot be opened (permission denied, or not a file)`;
  return message ?? String(error);
}

/**
 * Opens (creating if needed) the embedded back-end's database under `dataDir`
 * and brings its schema up to date. WAL lets pages read while a write commits.
 * A folder that cannot be used throws a `DataFolderError` naming it and why.
 */
export function openDatabase(dataDir: string): Db {
  const file = join(dataDir, DATABASE_FILE);
  let db: Db | undefined;
  try {
    mkdirSync(dataDir, { recursive: true });
    db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db);
    return db;
  } catch (error) {
    db?.close();
    throw new DataFolderError(`The data folder ${dataDir} cannot be used: ${causeOf(error, file)}.`, { cause: error });
  }
}

/** Runs `work` in one transaction: all of it is written, or none. */
export function inTransaction<T>(db: Db, work: () => T): T {
  return db.transaction(work)();
}
