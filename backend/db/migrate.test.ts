import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { openDatabase } from './connection';
import { type Migration, migrate } from './migrate';
import { migrations } from './migrations';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-db-'));
  dirs.push(dir);
  return dir;
};
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('migrations', () => {
  it('are numbered without gaps or repeats', () => {
    assert.deepEqual(
      migrations.map((m) => m.version),
      migrations.map((_, index) => index + 1),
    );
  });

  it('create the schema and seed once; running them again changes nothing', () => {
    const db = openDatabase(tempDir());
    assert.equal(db.pragma('user_version', { simple: true }), migrations.length);
    assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
    const count = () => (db.prepare('SELECT count(*) AS n FROM products').get() as { n: number }).n;
    const before = count();
    assert.ok(before >= 12);
    assert.deepEqual(migrate(db), []);
    assert.equal(count(), before);
    db.close();
  });

  it('keep data across a restart', () => {
    const dir = tempDir();
    const first = openDatabase(dir);
    first.prepare("INSERT INTO friendly_links (name, url, sort) VALUES ('重启测试', 'https://example.org/', 99)").run();
    first.close();
    const second = openDatabase(dir);
    const row = second.prepare("SELECT url FROM friendly_links WHERE name = '重启测试'").get() as { url: string };
    assert.equal(row.url, 'https://example.org/');
    assert.equal((second.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n, 4);
    second.close();
  });

  it('roll back a migration that fails, leaving the version where it was', () => {
    const db = new Database(':memory:');
    const broken: Migration[] = [
      { version: 1, name: 'ok', up: (d) => d.exec('CREATE TABLE a (id INTEGER)') },
      {
        version: 2,
        name: 'fails halfway',
        up: (d) => {
          d.exec('CREATE TABLE b (id INTEGER)');
          d.exec('INSERT INTO nowhere VALUES (1)');
        },
      },
    ];
    assert.throws(() => migrate(db, broken), /no such table: nowhere/);
    assert.equal(db.pragma('user_version', { simple: true }), 1);
    assert.equal((db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'b'").get() as { n: number }).n, 0);
  });
});
