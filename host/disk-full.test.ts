// biome-ignore-all lint/suspicious/noExplicitAny: API answers are checked field by field.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestPortal, type TestPortal } from './test-support/backend';
import { demoOrder } from './test-support/demo-order';
import { request } from './test-support/server';
import { accessTokenFor } from './test-support/sign-in';

/**
 * SQLite with no room left (its file may not grow: `PRAGMA max_page_count`, as a
 * full disk does to every write): writes are refused with SPEC §8's 503 and
 * Retry-After, leave nothing half-written, reads go on, the readiness check says
 * why, and all comes back by itself once there is room again.
 */
describe('the disk full under SQLite', () => {
  let portal: TestPortal;
  let token: string;
  before(async () => {
    portal = await startTestPortal({ pageCache: false });
    token = await accessTokenFor(portal.port, portal.origin, 'demo');
  });
  after(() => portal?.close());

  const order = (idempotencyKey: string, remark = '') =>
    request(portal.port, '/api-zzy-portal/api/orders', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(demoOrder(idempotencyKey, { remark })),
    });
  const orderCount = async () => {
    const list = await request(portal.port, '/api-zzy-portal/api/orders', {
      headers: { Authorization: `Bearer ${token}` },
    });
    assert.equal(list.status, 200, list.body);
    return JSON.parse(list.body).result.total as number;
  };

  it('refuses writes with 503, keeps reads, says why, and recovers by itself', async () => {
    const pages = portal.sqlite.pragma('page_count', { simple: true }) as number;
    portal.sqlite.pragma(`max_page_count = ${pages}`);
    // Free pages left inside the file take a few writes; then none fits.
    let refused: Awaited<ReturnType<typeof order>> | undefined;
    let key = '';
    for (let n = 0; n < 500 && !refused; n++) {
      key = `disk-full-order-${n}`.padEnd(16, '0');
      const res = await order(key, '满'.repeat(200));
      if (res.status !== 200) refused = res;
    }
    assert.ok(refused, 'a write was refused');
    assert.equal(refused.status, 503, refused.body);
    assert.equal(JSON.parse(refused.body).msg, '服务不可用，服务器暂时过载或维护!');
    assert.ok(refused.headers['retry-after']);

    const before = await orderCount();
    assert.equal((await request(portal.port, '/product/1')).status, 200, 'reads go on');
    const health = await portal.backend.health();
    assert.equal(health.database, false);
    assert.equal(health.cause, 'database: the disk is full');

    portal.sqlite.pragma(`max_page_count = ${pages + 10_000}`);
    assert.deepEqual(await portal.backend.health(), { database: true, migrations: true, dataFolder: true });
    const again = await order(key);
    assert.equal(again.status, 200, again.body);
    const after = await orderCount();
    assert.equal(after, before + 1, 'the refused order was not half-written: it is made once, now');
  });
});
