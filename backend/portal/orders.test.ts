// biome-ignore-all lint/suspicious/noExplicitAny: API answers are checked field by field.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ORDER_NO_PATTERN, QUANTITY_MAX } from '../../contract/order';
import { request } from '../../test-support/http';
import { startTestPortal, type TestPortal } from '../../test-support/portal';
import { testDatabases } from '../test-support/databases';
import { accessTokenFor } from '../test-support/sign-in';
import { newOrderNo } from './order-store';

for (const target of testDatabases) {
  describe(`orders on ${target.name}`, { skip: target.skip }, () => {
    const ORDERS = '/api-zzy-portal/api/orders';
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-orders-'));
    let databaseUrl: string | undefined;
    let portal: TestPortal;
    const tokens: Record<string, string> = {};

    async function signInAll() {
      for (const name of ['demo', 'uncertified', 'noadmin', 'newterms'])
        tokens[name] = await accessTokenFor(portal.port, portal.origin, name);
    }

    before(async () => {
      databaseUrl = await target.url?.();
      portal = await startTestPortal({ databaseUrl, dataDir });
      await signInAll();
    });
    after(() => {
      portal.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    async function call(path: string, options: { method?: string; token?: string; body?: unknown } = {}) {
      const headers: Record<string, string> = {};
      if (options.token) headers.Authorization = `Bearer ${options.token}`;
      if (options.body !== undefined) headers['Content-Type'] = 'application/json';
      const res = await request(portal.port, path, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      return { status: res.status, body: JSON.parse(res.body) as any };
    }

    let keys = 0;
    const order = (changes: Record<string, unknown> = {}) => ({
      productId: 1,
      editionId: 2,
      companyId: 1001,
      quantity: 3,
      contactName: '张明',
      contactPhone: '13800001001',
      remark: '请尽快联系',
      idempotencyKey: `test-key-${Date.now()}-${++keys}`,
      ...changes,
    });
    const place = (body: unknown, token = tokens.demo) => call(ORDERS, { method: 'POST', token, body });

    describe('placing an order', () => {
      it('stores it with a brand-prefixed random number and the catalogue price', async () => {
        const product = (await call('/api/products/1')).body.result;
        const edition = product.editions.find((e: any) => e.id === 2);
        const { status, body } = await place(order());
        assert.equal(status, 200, JSON.stringify(body));
        const placed = body.result;
        assert.match(placed.orderNo, ORDER_NO_PATTERN);
        assert.equal(placed.productName, product.name);
        assert.equal(placed.editionName, edition.name);
        assert.equal(placed.totalFen, edition.priceFen * 3);
        assert.equal(placed.companyName, '苏州云启智能装备有限公司');
      });

      it('takes the largest order the form allows: the dearest edition times the most copies', async () => {
        const editions = (await call('/api/products/1')).body.result.editions as Array<{
          id: number;
          priceFen: number;
        }>;
        const dearest = editions.reduce((a, b) => (b.priceFen > a.priceFen ? b : a));
        const { status, body } = await place(order({ editionId: dearest.id, quantity: QUANTITY_MAX }));
        assert.equal(status, 200, JSON.stringify(body));
        assert.equal(body.result.totalFen, dearest.priceFen * QUANTITY_MAX);
        // Beyond what 32 bits hold.
        assert.ok(body.result.totalFen > 2 ** 31);
      });

      it('draws order numbers that are neither repeated nor sequential', () => {
        const numbers = Array.from({ length: 200 }, newOrderNo);
        assert.equal(new Set(numbers).size, numbers.length);
        for (const no of numbers) assert.match(no, ORDER_NO_PATTERN);
        const sorted = [...numbers].sort();
        assert.notDeepEqual(sorted, numbers);
      });

      it('makes one order of a repeated submission, even two at once', async () => {
        const before = (await call(ORDERS, { token: tokens.demo })).body.result.total;
        const body = order();
        const answers = await Promise.all([place(body), place(body), place(body)]);
        const numbers = new Set(answers.map((a) => a.body.result.orderNo));
        assert.equal(numbers.size, 1);
        const after = (await call(ORDERS, { token: tokens.demo })).body.result.total;
        assert.equal(after, before + 1);
      });

      it('refuses a reused key with other content', async () => {
        const body = order();
        assert.equal((await place(body)).status, 200);
        const { status, body: answer } = await place({ ...body, quantity: 9 });
        assert.equal(status, 409);
        assert.match(answer.msg, /提交/);
      });

      const invalid: Array<[field: string, value: unknown, message: RegExp]> = [
        ['productId', 0, /产品/],
        ['editionId', 'x', /版本/],
        ['companyId', undefined, /企业/],
        ['quantity', 0, /至少为 1/],
        ['quantity', 1000, /最多为 999/],
        ['quantity', 1.5, /整数/],
        ['contactName', '   ', /联系人/],
        ['contactName', '名'.repeat(33), /32/],
        ['contactPhone', '12345', /手机号/],
        ['remark', '字'.repeat(201), /200/],
        ['idempotencyKey', 'short', /编号/],
      ];
      for (const [field, value, message] of invalid) {
        it(`names the problem with ${field} = ${JSON.stringify(value)?.slice(0, 20)}`, async () => {
          const { status, body } = await place(order({ [field]: value }));
          assert.equal(status, 400);
          assert.equal(body.code, 'E0400');
          assert.match(body.errors[field], message);
          assert.match(body.msg, message);
        });
      }

      it('refuses another company, an unknown product and an edition of another product', async () => {
        assert.match((await place(order({ companyId: 1002 }))).body.errors.companyId, /关联的企业/);
        assert.match((await place(order({ productId: 4040 }))).body.errors.productId, /不存在/);
        const other = (await call('/api/products/2')).body.result.editions[0].id;
        assert.match((await place(order({ editionId: other }))).body.errors.editionId, /版本/);
      });
    });

    describe('who may order', () => {
      const endpoints = () => [
        { path: ORDERS, method: 'POST', body: order() },
        { path: ORDERS, method: 'GET' },
        { path: `${ORDERS}/ZZYabcdefghjkmnpqrs`, method: 'GET' },
      ];

      it('nobody signed out (401)', async () => {
        for (const endpoint of endpoints()) assert.equal((await call(endpoint.path, endpoint)).status, 401);
      });

      it('not an uncertified company (403 E4031), nor one without an administrator (403 E4032)', async () => {
        for (const [user, code] of [
          ['uncertified', 'E4031'],
          ['noadmin', 'E4032'],
        ] as const) {
          for (const endpoint of endpoints()) {
            const { status, body } = await call(endpoint.path, { ...endpoint, token: tokens[user] });
            assert.equal(status, 403, `${user} ${endpoint.method} ${endpoint.path}`);
            assert.equal(body.code, code);
          }
        }
      });
    });

    describe('reading orders', () => {
      it('shows an order to its own company and to nobody else (404)', async () => {
        const placed = (await place(order())).body.result;
        const mine = await call(`${ORDERS}/${placed.orderNo}`, { token: tokens.demo });
        assert.equal(mine.status, 200);
        assert.deepEqual(mine.body.result, placed);
        const theirs = await call(`${ORDERS}/${placed.orderNo}`, { token: tokens.newterms });
        assert.equal(theirs.status, 404);
        assert.equal(theirs.body.msg, '订单不存在');
        const list = (await call(ORDERS, { token: tokens.newterms })).body.result;
        assert.ok(!list.list.some((o: any) => o.orderNo === placed.orderNo));
      });

      it('answers 404 for a malformed number', async () => {
        for (const no of ['1', 'ZZY', 'ZZY0000000000000000', '..%2F..%2Fetc']) {
          assert.equal((await call(`${ORDERS}/${no}`, { token: tokens.demo })).status, 404, no);
        }
      });

      it("lists the company's orders newest first, paged", async () => {
        const first = (await place(order({ remark: 'older' }))).body.result;
        const second = (await place(order({ remark: 'newer' }))).body.result;
        const page = (await call(`${ORDERS}?pageSize=2`, { token: tokens.demo })).body.result;
        assert.deepEqual(
          page.list.map((o: any) => o.orderNo),
          [second.orderNo, first.orderNo],
        );
        assert.ok(page.total >= 2);
        assert.equal((await call(`${ORDERS}?pageSize=500`, { token: tokens.demo })).status, 400);
      });

      it('keeps orders across a restart', async () => {
        const placed = (await place(order())).body.result;
        await portal.close();
        portal = await startTestPortal({ databaseUrl, dataDir });
        await signInAll();
        const again = await call(`${ORDERS}/${placed.orderNo}`, { token: tokens.demo });
        assert.deepEqual(again.body.result, placed);
      });
    });
  });
}
