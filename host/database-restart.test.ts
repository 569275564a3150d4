// biome-ignore-all lint/suspicious/noExplicitAny: API answers are checked field by field.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { postgresDatabase } from '../backend/test-support/databases';
import { type PortalProcess, startPortalProcess } from '../e2e/portal-process';
import { type Postgres, startPostgres } from '../scripts/postgres';
import { demoOrder } from './test-support/demo-order';
import { request } from './test-support/server';
import { accessTokenFor } from './test-support/sign-in';

/**
 * The database restarting under load, as a crash or failover (`-m immediate`)
 * and as a planned restart (`-m fast`) do: the portal keeps running, answers
 * 503 with Retry-After (never 500) while it cannot reach the database, loses no
 * write it acknowledged, says why it is not ready, and is ready again by itself.
 */
const OUTAGE_MS = 4_000;
const READY_AGAIN_MS = 10_000;
const WRITERS = 12;
const READERS = 2;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PostgreSQL restarting under load', { skip: postgresDatabase.skip }, () => {
  let postgres: Postgres;
  let portal: PortalProcess;
  let port: number;
  let token: string;
  before(async () => {
    postgres = await startPostgres();
    portal = await startPortalProcess(3, { env: { DATABASE_URL: postgres.url, LOG_LEVEL: 'error' } });
    port = Number(new URL(portal.url).port);
    token = await accessTokenFor(port, portal.url, 'demo');
  });
  after(async () => {
    await portal?.stop();
    postgres?.stop();
  });

  const alive = () => {
    try {
      process.kill(portal.pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  async function readyWithin(ms: number) {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if ((await request(port, '/readyz').catch(() => undefined))?.status === 200) return Date.now();
      await sleep(100);
    }
    assert.fail(`/readyz not 200 within ${ms} ms of the database's return`);
  }

  it('-m immediate, then -m fast: no exit, no 500, every acknowledged order kept, ready again within 10 s', async () => {
    const acknowledged: string[] = [];
    const failures: string[] = [];
    let running = true;
    let sent = 0;
    const order = async (key: string) => {
      const res = await request(port, '/api-zzy-portal/api/orders', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(demoOrder(key)),
      });
      if (res.status === 200) acknowledged.push(key);
      else if (res.status === 503) {
        const body = JSON.parse(res.body);
        if (body.msg !== '服务不可用，服务器暂时过载或维护!' || !res.headers['retry-after'])
          failures.push(`order 503 without SPEC §8's words or Retry-After: ${res.body}`);
      } else failures.push(`order ${res.status}: ${res.body.slice(0, 200)}`);
    };
    const read = async (path: string) => {
      const res = await request(port, path);
      if (res.status === 503 && !res.headers['retry-after']) failures.push(`${path} 503 without Retry-After`);
      else if (res.status !== 200 && res.status !== 503) failures.push(`${path} ${res.status}`);
    };
    const writers = Array.from({ length: WRITERS }, async (_, writer) => {
      while (running) {
        await order(`restart-order-${writer}-${sent++}`.padEnd(16, '0')).catch((error) =>
          failures.push(`order: ${error}`),
        );
        await sleep(20);
      }
    });
    const paths = ['/product/1', '/api/common/index', '/news', '/api/search?keyword=AI'];
    const readers = Array.from({ length: READERS }, async (_, reader) => {
      for (let n = reader; running; n++) {
        await read(paths[n % paths.length] as string).catch((error) => failures.push(`read: ${error}`));
        await sleep(20);
      }
    });

    try {
      for (const mode of ['immediate', 'fast'] as const) {
        await sleep(1_000);
        postgres.halt(mode);
        await sleep(OUTAGE_MS / 2);
        const notReady = await request(port, '/readyz');
        assert.equal(notReady.status, 503, `${mode}: not ready while the database is down`);
        assert.match(JSON.parse(notReady.body).cause ?? '', /database/, `${mode}: the cause is named`);
        await sleep(OUTAGE_MS / 2);
        const back = Date.now();
        postgres.resume();
        const ready = await readyWithin(READY_AGAIN_MS);
        assert.ok(alive(), `the portal process ended (${mode}):\n${portal.output()}`);
        console.log(`${mode}: ready ${ready - back} ms after the database came back`);
      }
      await sleep(1_000);
    } finally {
      running = false;
      await Promise.all([...writers, ...readers]);
    }

    assert.ok(alive(), `the portal process ended:\n${portal.output()}`);
    assert.deepEqual(failures.slice(0, 10), []);
    assert.ok(acknowledged.length > 20, `orders went through before and after (${acknowledged.length})`);
    const db = new pg.Client({ connectionString: postgres.url });
    await db.connect();
    try {
      const { rows } = await db.query<{ key: string }>('SELECT idempotency_key AS key FROM orders');
      const stored = new Set(rows.map((row) => row.key));
      assert.deepEqual(
        acknowledged.filter((key) => !stored.has(key)),
        [],
        'every acknowledged order is stored',
      );
    } finally {
      await db.end();
    }
  });
});
