import { sql } from 'kysely';
import { migrations } from './migrations';
import { all, type Db, type DialectName, dialectOf } from './query';

export interface Migration {
  /** Applied in ascending order, each once. */
  version: number;
  name: string;
  /** Runs inside the migration's transaction; `dialect` for the few statements the databases spell apart. */
  up(db: Db, dialect: DialectName): Promise<void>;
}

/** One row per applied migration, on both databases. */
const TABLE = 'schema_migrations';
/** Instances starting together on one PostgreSQL take turns: one migrates, the others find it done. */
const MIGRATION_LOCK = 21_0001;

/** The versions applied so far. */
export async function appliedVersions(db: Db): Promise<number[]> {
  const rows = await all(db, sql<{ version: number }>`SELECT version FROM schema_migrations ORDER BY version`);
  return rows.map((row) => Number(row.version));
}

/**
 * Applies the migrations the database has not seen, each in its own transaction
 * together with its row in `schema_migrations`, so a crash never leaves one
 * half done. Running it again changes nothing. Returns the versions applied now.
 */
export async function migrate(db: Db, list: readonly Migration[] = migrations): Promise<number[]> {
  const dialect = dialectOf(db);
  if (dialect === 'sqlite') return migrateOn(db, dialect, list);
  // A session lock needs one connection for the whole run.
  return db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK})`.execute(connection);
    try {
      return await migrateOn(connection, dialect, list);
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`.execute(connection);
    }
  });
}

async function migrateOn(db: Db, dialect: DialectName, list: readonly Migration[]): Promise<number[]> {
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(TABLE)} (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`.execute(db);
  if (dialect === 'sqlite') await adoptUserVersion(db, list);
  const done = new Set(await appliedVersions(db));
  // Opened by an older build, it would serve a schema it does not know and never be ready.
  const known = new Set(list.map((migration) => migration.version));
  const unknown = [...done].filter((version) => !known.has(version));
  if (unknown.length)
    throw new Error(
      `its schema was brought up to date by a newer version of the portal (migration ${unknown.join(', ')} is unknown to this one): run that version, or restore a backup this one made`,
    );
  const applied: number[] = [];
  for (const migration of [...list].sort((a, b) => a.version - b.version)) {
    if (done.has(migration.version)) continue;
    await db.transaction().execute(async (trx) => {
      await migration.up(trx, dialect);
      await record(trx, migration);
      // Kept as well, so the version is where an older build looks for it.
      if (dialect === 'sqlite') await sql.raw(`PRAGMA user_version = ${Math.trunc(migration.version)}`).execute(trx);
    });
    applied.push(migration.version);
  }
  return applied;
}

const record = (db: Db, migration: Migration) =>
  sql`INSERT INTO schema_migrations (version, name, applied_at)
      VALUES (${migration.version}, ${migration.name}, ${new Date().toISOString()})`.execute(db);

/**
 * A data folder made before `schema_migrations` kept its version in SQLite's
 * `user_version` only: the migrations up to it count as applied.
 */
async function adoptUserVersion(db: Db, list: readonly Migration[]) {
  const [{ user_version: before = 0 } = {}] = await all(db, sql<{ user_version?: number }>`PRAGMA user_version`);
  if (before === 0 || (await appliedVersions(db)).length > 0) return;
  await db.transaction().execute(async (trx) => {
    for (const migration of list) if (migration.version <= before) await record(trx, migration);
  });
}
