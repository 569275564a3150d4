import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { withKeptStatements } from './connection';

/** A database whose `prepare` calls are counted. */
function counted() {
  const sqlite = new Database(':memory:');
  const prepared: string[] = [];
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    prepared.push(source);
    return prepare(source);
  }) as typeof sqlite.prepare;
  return { sqlite, prepared };
}

describe('statements kept by their SQL', () => {
  it('prepares a query once and runs it with each call’s parameters, reads and writes alike', async () => {
    const { sqlite, prepared } = counted();
    const db = new Kysely<{ notes: { id: number; body: string } }>({
      dialect: new SqliteDialect({ database: withKeptStatements(sqlite) }),
    });
    await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.execute(db);
    for (const [id, body] of [
      [1, '设备'],
      [2, '离线'],
      [3, '告警'],
    ] as const)
      await db.insertInto('notes').values({ id, body }).execute();
    const bodies = [];
    for (const id of [3, 1, 2]) {
      const row = await db.selectFrom('notes').select('body').where('id', '=', id).executeTakeFirst();
      bodies.push(row?.body);
    }
    assert.deepEqual(bodies, ['告警', '设备', '离线']);
    // One CREATE, one INSERT, one SELECT.
    assert.equal(prepared.length, 3);
    // A failing statement is used again afterwards, as a fresh one would be.
    await assert.rejects(db.insertInto('notes').values({ id: 1, body: '重复' }).execute(), /UNIQUE/);
    await db.insertInto('notes').values({ id: 4, body: '恢复' }).execute();
    assert.equal((await db.selectFrom('notes').select('body').where('id', '=', 4).executeTakeFirst())?.body, '恢复');
    assert.equal(prepared.length, 3);
    await db.destroy();
    assert.equal(sqlite.open, false);
  });

  it('keeps at most `max` statements, the least recently used going first', () => {
    const { sqlite, prepared } = counted();
    const kept = withKeptStatements(sqlite, 2);
    kept.prepare('SELECT 1');
    kept.prepare('SELECT 2');
    kept.prepare('SELECT 1');
    kept.prepare('SELECT 3');
    kept.prepare('SELECT 1');
    kept.prepare('SELECT 2');
    assert.deepEqual(prepared, ['SELECT 1', 'SELECT 2', 'SELECT 3', 'SELECT 2']);
    kept.close();
  });
});
