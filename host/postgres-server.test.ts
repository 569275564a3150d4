// biome-ignore-all lint/suspicious/noExplicitAny: API answers are checked field by field.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { postgresDatabase } from '../backend/test-support/databases';
import { type PortalProcess, startPortalProcess } from '../e2e/portal-process';
import { request } from './test-support/server';
import { accessTokenFor } from './test-support/sign-in';

/** The real server as an operator runs it on PostgreSQL: `DATABASE_URL` set, a throw-away cluster behind it. */
describe('the server on PostgreSQL (DATABASE_URL)', { skip: postgresDatabase.skip }, () => {
  let portal: PortalProcess;
  let port: number;
  before(async () => {
    const url = await (postgresDatabase.url as () => Promise<string>)();
    portal = await startPortalProcess(3, { env: { DATABASE_URL: url } });
    port = Number(new URL(portal.url).port);
  });
  after(() => portal?.stop());

  const api = async (path: string, init: { method?: string; token?: string; body?: unknown } = {}) => {
    const res = await request(port, path, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    return { status: res.status, json: JSON.parse(res.body) as any };
  };

  it('says which database it opened, and keeps nothing in the data folder', () => {
    assert.match(portal.output(), /Database PostgreSQL at 127\.0\.0\.1:\d+\/portal_test_\d+: it was empty/);
    assert.equal(existsSync(join(portal.dataDir, 'portal.sqlite')), false);
  });

  it('is ready: the database answers and is migrated (no data-folder check)', async () => {
    const res = await request(port, '/readyz');
    assert.equal(res.status, 200);
    assert.deepEqual(JSON.parse(res.body).checks, { accepting: true, database: true, migrations: true });
  });

  it('renders a page from the seed', async () => {
    const page = await request(port, '/product/1');
    assert.equal(page.status, 200);
    assert.match(page.body, /<h1[^>]*>[^<]+<\/h1>/);
  });

  it('signs a demo user in and places an order once per idempotency key', async () => {
    const token = await accessTokenFor(port, portal.url, 'demo');
    assert.ok(token);
    const body = {
      productId: 1,
      editionId: 2,
      companyId: 1001,
      quantity: 2,
      contactName: '张明',
      contactPhone: '13800001001',
      remark: '',
      idempotencyKey: `pg-${Date.now()}`,
    };
    const [first, again] = await Promise.all(
      [1, 2].map(() => api('/api-zzy-portal/api/orders', { method: 'POST', token, body })),
    );
    assert.equal(first?.status, 200, JSON.stringify(first?.json));
    assert.equal(again?.status, 200);
    assert.equal(first?.json.result.orderNo, again?.json.result.orderNo, 'the same order, not two');
    const list = await api('/api-zzy-portal/api/orders', { token });
    assert.equal(list.json.result.total, 1);
  });

  it('searches, one-character words included', async () => {
    for (const keyword of ['能源管理', '锂']) {
      const found = await api(`/api/search?keyword=${encodeURIComponent(keyword)}`);
      assert.equal(found.status, 200);
      assert.ok(found.json.result.total > 0, keyword);
    }
    const page = await request(port, `/searchRes?keyword=${encodeURIComponent('能源管理')}`);
    assert.equal(page.status, 200);
    assert.match(page.body, /能源管理/);
  });
});
