import { accessSync, constants, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect, type SqliteStatement, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import { DataFolderInUse, LockFileUnusable, lockDataFolder } from './data-folder-lock';
import { FaultRecord, guardedDialect, unavailableFault } from './faults';
import { type DatabaseFileWatch, type FileWatchOptions, watchDatabaseFile } from './file-watch';
import { appliedVersions, migrate } from './migrate';
import { migrations } from './migrations';
import { describeDatabaseUrl, pgCause, types } from './postgres-url';
import { type Db, type DialectName, run } from './query';
import { WithoutNul } from './without-nul';

export { describeDatabaseUrl } from './postgres-url';

export type { Db } from './query';

export const DATABASE_FILE = 'portal.sqlite';

/** The data folder cannot be used: the message names the folder and the cause, for one line at start. */
export class DataFolderError extends Error {}

/** The server at `DATABASE_URL` cannot be used: one line at start, without the password. */
export class DatabaseUrlError extends Error {}

/** What a readiness probe asks of the database; each answer costs a query (or a `stat`). */
export interface DatabaseHealth {
  /** It answers a query. */
  database: boolean;
  /** Its schema is the one this build migrates to. */
  migrations: boolean;
  /** SQLite only: its file is still the one opened (see `WatchedDatabase`). */
  dataFolder?: boolean;
  /** When a check fails: why, in an operator's words (no address, no password). */
  cause?: string;
}

/** The portal's database, opened and migrated. */
export interface PortalDatabase {
  db: Db;
  dialect: DialectName;
  /** Whether the seed was written by this start: the database was empty. */
  seededAfresh: boolean;
  /** SQLite's own handle (tests look into the file with it); none on PostgreSQL. */
  sqlite?: Database.Database;
  health(): Promise<DatabaseHealth>;
  close(): Promise<void>;
}

/** The advice for a folder the server cannot write to or make. */
const WRITABLE = 'Set DATA_DIR to a folder the server can write.';

/** What went wrong with the data folder, and what to do, in an operator's words. */
function causeOf(error: unknown, file: string): string {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (error instanceof DataFolderInUse) return `${error.message}: stop it, or set DATA_DIR to another folder.`;
  if (error instanceof LockFileUnusable) return `${error.message}.`;
  if (code === 'EACCES' || code === 'EPERM') return `permission denied. ${WRITABLE}`;
  if (code === 'EROFS' || code === 'SQLITE_READONLY' || /readonly|read-only/i.test(message ?? ''))
    return `it is read-only. ${WRITABLE}`;
  if (code === 'ENOTDIR' || code === 'EEXIST') return `it is not a folder. ${WRITABLE}`;
  if (code === 'ENOENT') return `it cannot be made (a folder above it is missing or read-only). ${WRITABLE}`;
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT')
    return `${file} is not a database or is damaged (move it away to start with a fresh one).`;
  if (code === 'SQLITE_CANTOPEN') return `${file} cannot be opened (permission denied, or not a file). ${WRITABLE}`;
  return `${message ?? String(error)}.`;
}

/**
 * The SQLite connection Kysely is given. Once its file is lost (deleted or
 * replaced) a write throws `DataFolderLost` (503) rather than being confirmed
 * into a file no restart will open. Reads go on: what they show was confirmed
 * before, and the site stays up while the operator restores the folder.
 */
class WatchedDatabase extends Database {
  watch?: DatabaseFileWatch;

  override prepare<P extends unknown[] | object = unknown[], R = unknown>(source: string) {
    const statement = super.prepare<P, R>(source);
    // SQLite counts COMMIT as read-only; it is where a transaction's writes are confirmed.
    if (/^\s*commit\b/i.test(source)) this.guard(statement, true);
    else if (!statement.readonly) this.guard(statement, false);
    return statement;
  }

  override close() {
    this.watch?.stop();
    return super.close();
  }

  /**
   * A write outside a transaction looks before it runs; inside one, the commit
   * looks, so a refused transaction is rolled back and leaves nothing behind.
   */
  private guard(statement: object, always: boolean) {
    const calls = statement as unknown as Record<'run' | 'get' | 'all', (...params: unknown[]) => unknown>;
    for (const name of ['run', 'get', 'all'] as const) {
      const call = calls[name].bind(statement);
      calls[name] = (...params) => {
        if (always || !this.inTransaction) this.watch?.check();
        return call(...params);
      };
    }
  }
}

const LATEST_VERSION = Math.max(...migrations.map((migration) => migration.version));
const SEED_VERSION = 3;

/** A probe waits this long for the database; a server that does not answer in time is not ready. */
const HEALTH_TIMEOUT_MS = 2000;

const TIMED_OUT = new Error('no answer');

/** A row that needs a page of its own: written, it proves the file can grow again. */
const PROBE_FILLER = 'x'.repeat(8192);

/**
 * After a write failed for want of space, reads still work: a probe write (and
 * its removal) is what tells the disk takes writes again. Throws while it does not.
 */
async function probeWrite(db: Db) {
  await run(db, sql`INSERT INTO write_probe (id, filler) VALUES (1, ${PROBE_FILLER})`);
  await run(db, sql`DELETE FROM write_probe`);
}

async function health(db: Db, writes?: FaultRecord): Promise<DatabaseHealth> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(TIMED_OUT), HEALTH_TIMEOUT_MS).unref();
  });
  try {
    const ask = async () => {
      const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(db);
      const versions = await appliedVersions(db);
      if (writes?.fault) {
        await probeWrite(db);
        writes.fault = undefined;
      }
      return { database: Number(rows[0]?.one) === 1, migrations: versions.at(-1) === LATEST_VERSION };
    };
    return await Promise.race([ask(), late]);
  } catch (error) {
    // A closed, broken or silent connection: not reachable, and nothing known of its schema.
    const fault = unavailableFault(error) ?? (error === TIMED_OUT ? 'no answer within 2 s' : 'a query fails');
    return { database: false, migrations: false, cause: `database: ${fault}` };
  } finally {
    clearTimeout(timer);
  }
}

/** Distinct queries whose prepared statements are kept: the portal's own are far fewer. */
export const KEPT_STATEMENTS = 500;

/**
 * The database as Kysely sees it, with each query's prepared statement kept by
 * its SQL: Kysely prepares every query anew, and the home page's five reads
 * took 0.48 ms with preparing, 0.31 ms without. Safe to share: a statement runs to its end before
 * the next call (the driver never streams), and its parameters are bound per call.
 */
export function withKeptStatements(sqlite: Database.Database, max = KEPT_STATEMENTS): SqliteDatabase {
  const statements = new LRUCache<string, SqliteStatement>({ max });
  return {
    prepare(source) {
      let statement = statements.get(source);
      if (!statement) {
        statement = sqlite.prepare(source) as unknown as SqliteStatement;
        statements.set(source, statement);
      }
      return statement;
    },
    close: () => {
      statements.clear();
      sqlite.close();
    },
  };
}

/**
 * Opens (creating if needed) the embedded back-end's SQLite database under
 * `dataDir` and brings its schema up to date. WAL lets pages read while a write
 * commits. A folder that cannot be used throws a `DataFolderError` naming it and
 * why. From then on the file is watched (`watch`): see `WatchedDatabase`.
 */
export async function openSqlite(dataDir: string, watch: FileWatchOptions = {}): Promise<PortalDatabase> {
  const file = join(dataDir, DATABASE_FILE);
  let sqlite: WatchedDatabase | undefined;
  let lock: { release(): void } | undefined;
  try {
    mkdirSync(dataDir, { recursive: true });
    // A read-only folder says so here: SQLite would only say it cannot open a file.
    accessSync(dataDir, constants.W_OK);
    lock = lockDataFolder(dataDir);
    sqlite = new WatchedDatabase(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const writes = new FaultRecord();
    const db: Db = new Kysely({
      dialect: guardedDialect(new SqliteDialect({ database: withKeptStatements(sqlite) }), writes.listener),
      plugins: [new WithoutNul()],
    });
    const applied = await migrate(db);
    sqlite.watch = watchDatabaseFile(file, dataDir, watch);
    const handle = sqlite;
    return {
      db,
      dialect: 'sqlite',
      seededAfresh: applied.includes(SEED_VERSION),
      sqlite: handle,
      health: async () => {
        const checks = await health(db, writes);
        const dataFolder = checks.database && (handle.watch?.intact() ?? true);
        return {
          ...checks,
          dataFolder,
          ...(checks.database && !dataFolder ? { cause: 'dataFolder: portal.sqlite is gone or replaced' } : {}),
        };
      },
      close: async () => {
        await db.destroy();
        lock?.release();
      },
    };
  } catch (error) {
    sqlite?.close();
    lock?.release();
    throw new DataFolderError(`The data folder ${dataDir} cannot be used: ${causeOf(error, file)}`, { cause: error });
  }
}

/**
 * Opens the portal's PostgreSQL database at `url` and brings its schema up to
 * date (instances starting together take turns). A server that cannot be
 * reached or used throws a `DatabaseUrlError` in one line, without the password.
 */
export async function openPostgres(url: string, options: { connectTimeoutMs?: number } = {}): Promise<PortalDatabase> {
  const pool = new pg.Pool({
    connectionString: url,
    types,
    max: 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
  });
  // An idle connection the server drops is replaced, not a crash.
  pool.on('error', () => {});
  // Nor is one lost while a query holds it (the server restarting, a failover): the
  // query it carried fails, as a 503 (faults.ts), and the pool drops it. Without a
  // listener of its own, pg raises the loss as an 'error' nobody hears, which ends the process.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db: Db = new Kysely({
    dialect: guardedDialect(new PostgresDialect({ pool }), () => {}),
    plugins: [new WithoutNul()],
  });
  try {
    const applied = await migrate(db);
    return {
      db,
      dialect: 'postgres',
      seededAfresh: applied.includes(SEED_VERSION),
      health: () => health(db),
      close: () => db.destroy(),
    };
  } catch (error) {
    await db.destroy().catch(() => {});
    throw new DatabaseUrlError(`DATABASE_URL: ${describeDatabaseUrl(url)} cannot be used: ${pgCause(error)}.`, {
      cause: error,
    });
  }
}
