import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { type DatabaseFileWatch, type FileWatchOptions, watchDatabaseFile } from './file-watch';
import { migrate } from './migrate';
import { migrations } from './migrations';

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
 * The connection every store is given. Once its file is lost (deleted or
 * replaced) a write throws `DataFolderLost` (503) rather than being confirmed
 * into a file no restart will open. Reads go on: what they show was confirmed
 * before, and the site stays up while the operator restores the folder.
 */
class WatchedDatabase extends Database {
  watch?: DatabaseFileWatch;

  override prepare<P extends unknown[] | object = unknown[], R = unknown>(source: string) {
    const statement = super.prepare<P, R>(source);
    if (!statement.readonly) this.guard(statement);
    return statement;
  }

  /** A transaction looks last, just before its commit, so a refused one leaves nothing behind. */
  override transaction<F extends (...params: never[]) => unknown>(work: F) {
    return super.transaction(((...params: Parameters<F>) => {
      const result = work(...params);
      this.watch?.check();
      return result;
    }) as F);
  }

  override close() {
    this.watch?.stop();
    return super.close();
  }

  /** A write outside a transaction looks before it runs; inside one, the commit looks. */
  private guard(statement: object) {
    const calls = statement as unknown as Record<'run' | 'get' | 'all', (...params: unknown[]) => unknown>;
    for (const name of ['run', 'get', 'all'] as const) {
      const call = calls[name].bind(statement);
      calls[name] = (...params) => {
        if (!this.inTransaction) this.watch?.check();
        return call(...params);
      };
    }
  }
}

/**
 * Opens (creating if needed) the embedded back-end's database under `dataDir`
 * and brings its schema up to date. WAL lets pages read while a write commits.
 * A folder that cannot be used throws a `DataFolderError` naming it and why.
 * From then on the file is watched (`watch`): see `WatchedDatabase`.
 */
export function openDatabase(dataDir: string, watch: FileWatchOptions = {}): Db {
  const file = join(dataDir, DATABASE_FILE);
  let db: WatchedDatabase | undefined;
  try {
    mkdirSync(dataDir, { recursive: true });
    db = new WatchedDatabase(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db);
    db.watch = watchDatabaseFile(file, dataDir, watch);
    return db;
  } catch (error) {
    db?.close();
    throw new DataFolderError(`The data folder ${dataDir} cannot be used: ${causeOf(error, file)}.`, { cause: error });
  }
}

/** What a readiness probe asks of the database; each answer costs a query or a `stat`. */
export interface DatabaseHealth {
  /** It answers a query. */
  database: boolean;
  /** Its schema is the one this build migrates to. */
  migrations: boolean;
  /** Its file is still the one opened (see `WatchedDatabase`). */
  dataFolder: boolean;
}

const LATEST_VERSION = Math.max(...migrations.map((migration) => migration.version));

export function databaseHealth(db: Db): DatabaseHealth {
  let database = false;
  let migrations = false;
  try {
    database = db.prepare('SELECT 1').pluck().get() === 1;
    migrations = db.pragma('user_version', { simple: true }) === LATEST_VERSION;
  } catch {
    // A closed or broken connection: not reachable, and nothing known of its schema.
  }
  const watch = (db as Partial<WatchedDatabase>).watch;
  return { database, migrations, dataFolder: database && (watch?.intact() ?? true) };
}

/** Runs `work` in one transaction: all of it is written, or none. */
export function inTransaction<T>(db: Db, work: () => T): T {
  return db.transaction(work)();
}
