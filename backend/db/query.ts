import { type Kysely, PostgresAdapter, type RawBuilder } from 'kysely';

/**
 * The handle every store is given: Kysely over SQLite (better-sqlite3) or
 * PostgreSQL (pg). Stores write plain SQL through Kysely's `sql` tag, in the
 * part both databases speak; the few places that differ ask `isPostgres`.
 * A transaction's handle (`Transaction`) is one too.
 */
// biome-ignore lint/suspicious/noExplicitAny: the stores name their columns in SQL, not in a schema type.
export type Db = Kysely<any>;

export type DialectName = 'sqlite' | 'postgres';

export const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

export const dialectOf = (db: Db): DialectName => (isPostgres(db) ? 'postgres' : 'sqlite');

/** The rows of a query. */
export async function all<T>(db: Db, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

/** The first row of a query, or undefined. */
export async function one<T>(db: Db, query: RawBuilder<T>): Promise<T | undefined> {
  return (await query.execute(db)).rows[0];
}

/** Runs a write; how many rows it changed. */
export async function run(db: Db, query: RawBuilder<unknown>): Promise<number> {
  return Number((await query.execute(db)).numAffectedRows ?? 0);
}
