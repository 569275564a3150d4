import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { type TestDatabase, testDatabases } from '../test-support/databases';
import type { PortalDatabase } from './connection';
import { all } from './query';

for (const target of testDatabases as TestDatabase[]) {
  describe(`text with a NUL on ${target.name}`, { skip: target.skip }, () => {
    let database: PortalDatabase;
    before(async () => {
      database = await target.open();
      await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.execute(database.db);
    });
    after(() => database?.close());

    it('is stored and looked up without it, through the builder and through plain SQL', async () => {
      const { db } = database;
      await db.insertInto('notes').values({ id: 1, body: '设备\u0000离线' }).execute();
      await sql`INSERT INTO notes (id, body) VALUES (${2}, ${'P2025001\u0000'})`.execute(db);
      const rows = await all(db, sql<{ body: string }>`SELECT body FROM notes ORDER BY id`);
      assert.deepEqual(
        rows.map((row) => row.body),
        ['设备离线', 'P2025001'],
      );
      const found = await db.selectFrom('notes').select('id').where('body', 'in', ['P2025001\u0000']).execute();
      assert.deepEqual(found, [{ id: 2 }]);
    });
  });
}
