import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { describe, it } from 'node:test';
import pg from 'pg';
import { connectionRefused } from '../host/test-support/server';
import { postgresBin, startPostgres } from './postgres';

// Skipped where PostgreSQL is missing, except under CI: there a missing database fails the run.
const missing =
  postgresBin() || process.env.CI === 'true' ? false : 'PostgreSQL is not installed (apt-get install -y postgresql)';

describe('a throw-away PostgreSQL cluster', () => {
  it('starts, takes a pg connection with Chinese text and trigrams, and stops leaving nothing', {
    skip: missing,
  }, async () => {
    const postgres = await startPostgres();
    try {
      const client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ text: string; encoding: string }>(
          "SELECT $1::text AS text, pg_encoding_to_char(encoding) AS encoding FROM pg_database WHERE datname = 'postgres'",
          ['智造云'],
        );
        assert.deepEqual(rows, [{ text: '智造云', encoding: 'UTF8' }]);
        await client.query('CREATE EXTENSION pg_trgm');
        const similar = await client.query<{ hit: boolean }>("SELECT '能源管理系统' % '能源管理' AS hit");
        assert.equal(similar.rows[0]?.hit, true);
      } finally {
        await client.end();
      }
    } finally {
      postgres.stop();
    }
    assert.equal(existsSync(postgres.dir), false, 'its folder is removed');
    assert.equal(await connectionRefused(postgres.port), true, 'nothing listens on its port any more');
  });
});
