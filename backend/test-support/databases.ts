import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import pg from 'pg';
import { type Postgres, postgresBin, startPostgres } from '../../scripts/postgres';
import { openPostgres, openSqlite, type PortalDatabase } from '../db/connection';

/** A database a store test runs on: `open()` gives a fresh, migrated one each time. */
export interface TestDatabase {
  name: 'SQLite' | 'PostgreSQL';
  /** Why it is skipped here (PostgreSQL not installed, outside CI); CI never skips it. */
  skip?: string;
  open(): Promise<PortalDatabase>;
  /** A fresh database's address (PostgreSQL), for a server started on it. */
  url?(): Promise<string>;
}

const scratch: string[] = [];
let cluster: Promise<Postgres> | undefined;
let running: Postgres | undefined;
let databases = 0;

const stopCluster = () => {
  running?.stop();
  running = undefined;
};
// A file that ends early (process.exit, a crash) stops its cluster too: stop() is synchronous.
process.once('exit', stopCluster);

after(async () => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  await cluster?.catch(() => undefined);
  stopCluster();
});

/** One throw-away cluster per test file, started on first use and stopped when the file ends. */
async function freshPostgresUrl(): Promise<string> {
  cluster ??= startPostgres().then((postgres) => {
    running = postgres;
    return postgres;
  });
  const postgres = await cluster;
  const name = `portal_test_${++databases}`;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return postgres.url.replace(/\/postgres$/, `/${name}`);
}

export const sqliteDatabase: TestDatabase = {
  name: 'SQLite',
  open() {
    const dir = mkdtempSync(join(tmpdir(), 'portal-db-'));
    scratch.push(dir);
    return openSqlite(dir);
  },
};

/**
 * PostgreSQL from Debian's package (`npm test` installs it, scripts/ensure-postgres.sh).
 * Where it is missing the PostgreSQL runs are skipped, except under CI, where
 * they run and fail: a missing database must not pass for a passing one.
 */
export const postgresDatabase: TestDatabase = {
  name: 'PostgreSQL',
  skip:
    postgresBin() || process.env.CI === 'true'
      ? undefined
      : 'PostgreSQL is not installed (apt-get install -y postgresql); npm test installs it',
  open: async () => openPostgres(await freshPostgresUrl()),
  url: freshPostgresUrl,
};

/** Both databases: a store test runs once on each. */
export const testDatabases: readonly TestDatabase[] = [sqliteDatabase, postgresDatabase];
