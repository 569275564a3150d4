import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { testDatabases } from '../test-support/databases';
import { openSqlite, type PortalDatabase } from './connection';
import { appliedVersions, type Migration, migrate } from './migrate';
import { migrations } from './migrations';
import { all, type Db, one } from './query';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-db-'));
  dirs.push(dir);
  return dir;
};
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const count = async (db: Db, table: string) =>
  Number((await one(db, sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`))?.n);

describe('migrations', () => {
  it('are numbered without gaps or repeats', () => {
    assert.deepEqual(
      migrations.map((m) => m.version),
      migrations.map((_, index) => index + 1),
    );
  });
});

for (const target of testDatabases) {
  describe(`migrations on ${target.name}`, { skip: target.skip }, () => {
    let database: PortalDatabase;
    before(async () => {
      database = await target.open();
    });
    after(() => database?.close());

    it('create the schema, seed once and record each version; running them again changes nothing', async () => {
      const { db } = database;
      assert.ok(database.seededAfresh);
      assert.deepEqual(
        await appliedVersions(db),
        migrations.map((m) => m.version),
      );
      const before = await count(db, 'products');
      assert.ok(before >= 12);
      assert.deepEqual(await migrate(db), []);
      assert.equal(await count(db, 'products'), before);
      assert.deepEqual(await database.health(), {
        database: true,
        migrations: true,
        ...(target.name === 'SQLite' ? { dataFolder: true } : {}),
      });
    });

    it('a closed database is not ready', async () => {
      const other = await target.open();
      await other.close();
      assert.deepEqual(await other.health(), {
        database: false,
        migrations: false,
        cause: 'database: a query fails',
        ...(target.name === 'SQLite' ? { dataFolder: false } : {}),
      });
    });

    it('number new rows after the seeded ones', async () => {
      const { db } = database;
      const row = await one(
        db,
        sql<{
          id: number;
        }>`INSERT INTO friendly_links (name, url, sort) VALUES ('新链接', 'https://example.org/', 99) RETURNING id`,
      );
      const [{ top } = { top: 0 }] = await all(db, sql<{ top: number }>`SELECT max(id) AS top FROM friendly_links`);
      assert.equal(row?.id, top);
      assert.ok((row?.id ?? 0) > 1);
    });

    it('roll back a migration that fails, leaving the versions where they were', async () => {
      const { db } = database;
      const broken: Migration[] = [
        ...migrations,
        { version: 100, name: 'ok', up: (d) => sql`CREATE TABLE migration_a (id INTEGER)`.execute(d).then(() => {}) },
        {
          version: 101,
          name: 'fails halfway',
          up: async (d) => {
            await sql`CREATE TABLE migration_b (id INTEGER)`.execute(d);
            await sql`INSERT INTO nowhere VALUES (1)`.execute(d);
          },
        },
      ];
      await assert.rejects(migrate(db, broken), /nowhere/);
      assert.equal((await appliedVersions(db)).at(-1), 100);
      await assert.rejects(sql`SELECT * FROM migration_b`.execute(db), /migration_b/);
      assert.equal((await database.health()).migrations, false, 'a schema past this build is not this build’s');
    });

    it('refuse a database a newer build migrated, naming the migrations this one does not know', async () => {
      const { db } = database;
      await sql`INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', '2099-01-01')`.execute(
        db,
      );
      await assert.rejects(migrate(db), /newer version of the portal \(migration (100, )?999 is unknown to this one\)/);
    });
  });
}

describe('a SQLite data folder', () => {
  it('keeps its data across a restart', async () => {
    const dir = tempDir();
    const first = await openSqlite(dir);
    await sql`INSERT INTO friendly_links (name, url, sort) VALUES ('重启测试', 'https://example.org/', 99)`.execute(
      first.db,
    );
    await first.close();
    const second = await openSqlite(dir);
    assert.equal(second.seededAfresh, false);
    const row = await one(second.db, sql<{ url: string }>`SELECT url FROM friendly_links WHERE name = '重启测试'`);
    assert.equal(row?.url, 'https://example.org/');
    assert.equal(await count(second.db, 'users'), 4);
    await second.close();
  });

  it('made before the migrations table opens as it is: its user_version counts as applied', async () => {
    const dir = tempDir();
    const made = await openSqlite(dir);
    // What a folder of the earlier builds holds: the same schema, its version in user_version only.
    await sql`DROP TABLE schema_migrations`.execute(made.db);
    await sql`INSERT INTO feedback (topic, content, contact_name, contact, created_at)
      VALUES ('t', '旧的留言', 'n', 'c', '2026-11-01T00:00:00Z')`.execute(made.db);
    await made.close();
    const old = new Database(join(dir, 'portal.sqlite'));
    assert.equal(old.pragma('user_version', { simple: true }), Math.max(...migrations.map((m) => m.version)));
    old.close();

    const reopened = await openSqlite(dir);
    assert.equal(reopened.seededAfresh, false);
    assert.deepEqual(
      await appliedVersions(reopened.db),
      migrations.map((m) => m.version),
    );
    assert.equal(await count(reopened.db, 'users'), 4, 'the seed is not written twice');
    assert.equal(await count(reopened.db, 'feedback'), 1);
    assert.equal((await reopened.health()).migrations, true);
    await reopened.close();
  });

  it('in memory, a failed migration leaves SQLite’s user_version where it was', async () => {
    const db: Db = new Kysely({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    const broken: Migration[] = [
      { version: 1, name: 'ok', up: (d) => sql`CREATE TABLE a (id INTEGER)`.execute(d).then(() => {}) },
      { version: 2, name: 'fails', up: (d) => sql`INSERT INTO nowhere VALUES (1)`.execute(d).then(() => {}) },
    ];
    await assert.rejects(migrate(db, broken), /no such table: nowhere/);
    const [{ user_version } = { user_version: -1 }] = await all(db, sql<{ user_version: number }>`PRAGMA user_version`);
    assert.equal(user_version, 1);
    await db.destroy();
  });
});
