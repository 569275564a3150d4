// biome-ignore-all lint/suspicious/noExplicitAny: API answers are checked field by field.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { request } from '../../test-support/http';
import { startTestPortal, type TestPortal } from '../../test-support/portal';
import { one } from '../db/query';
import { OrderStore } from '../portal/order-store';
import { testDatabases } from '../test-support/databases';
import { demoOrder } from '../test-support/demo-order';
import { accessTokenFor } from '../test-support/sign-in';
import { StaffBrowser } from '../test-support/staff-browser';
import { csvCell, csvTable } from './csv';

const ADMIN = { login: 'admin', password: 'Admin-desk-2026' };
const ORDERS = '/api-zzy-portal/api/orders';
const HOSTILE = '=HYPERLINK("http://evil.example","<img src=x onerror=alert(1)>")';

for (const target of testDatabases)
  describe(`the owner’s desk: orders and feedback, on ${target.name}`, { skip: target.skip }, () => {
    let portal: TestPortal;
    let admin: StaffBrowser;
    let editor: StaffBrowser;
    let agent: StaffBrowser;
    let token = '';
    let keys = 0;
    /** Orders placed in the test, newest last. */
    const placed: string[] = [];

    const customerOrder = async (orderNo: string) => {
      const res = await request(portal.port, `${ORDERS}/${orderNo}`, { headers: { Authorization: `Bearer ${token}` } });
      return (JSON.parse(res.body) as any).result;
    };
    const place = async (changes: Record<string, unknown> = {}) => {
      const res = await request(portal.port, ORDERS, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(demoOrder(`desk-test-key-${++keys}-${Date.now()}`, changes)),
      });
      assert.equal(res.status, 200, res.body);
      const orderNo = (JSON.parse(res.body) as any).result.orderNo as string;
      placed.push(orderNo);
      return orderNo;
    };
    const move = (orderNo: string, to: string, note = '') =>
      admin.submit(`/studio/orders/${orderNo}`, `/studio/orders/${orderNo}/status`, { to, note });
    /** Posts a move as a page that no longer offers it would have (opened before another's change). */
    const staleMove = async (orderNo: string, to: string, note = '') => {
      const csrf = /name="csrf" value="([^"]+)"/.exec((await admin.get('/studio/orders')).body)?.[1] ?? '';
      return admin.post(`/studio/orders/${orderNo}/status`, { csrf, to, note });
    };

    before(async () => {
      portal = await startTestPortal({ studioAdmin: ADMIN, databaseUrl: await target.url?.() });
      admin = new StaffBrowser(portal);
      await admin.signIn(ADMIN.login, ADMIN.password);
      editor = await admin.addMember({ login: 'writer', name: '李编辑', roles: 'editor' });
      agent = await admin.addMember({ login: 'helper', name: '王客服', roles: 'agent' });
      token = await accessTokenFor(portal.port, portal.origin, 'demo');
      await place({ remark: '第一单：请上门部署' });
      await place({ quantity: 2, remark: HOSTILE });
      // Another company's order, straight into the store (its customer has agreements to confirm first).
      const other = await one(portal.backend.db, sql<{ id: number }>`SELECT id FROM users WHERE username = 'newterms'`);
      const theirs = await new OrderStore(portal.backend.db).place(
        Number(other?.id),
        { ...demoOrder('desk-test-other-company'), companyId: 1004, contactName: '陈静', contactPhone: '13800001004' },
        { productName: '智能质检平台', editionName: '标准版', unit: '年', priceFen: 100 },
      );
      assert.ok('order' in theirs);
      placed.push(theirs.order.orderNo);
    });
    after(() => portal.close());

    it('lists every company’s orders, newest first, with their status', async () => {
      const page = await admin.get('/studio/orders');
      assert.equal(page.status, 200);
      const shown = [...page.body.matchAll(/href="\/studio\/orders\/(ZZY\w+)"/g)].map((match) => match[1]);
      assert.deepEqual(shown, [...placed].reverse());
      assert.match(page.body, /常州新能动力电池有限公司/);
      assert.match(page.body, /苏州云启智能装备有限公司/);
      assert.match(page.body, /共 3 个订单/);
      assert.match(page.body, /已收到/);
    });

    it('filters by status, text (number, company, contact) and dates, and says what is wrong with a filter', async () => {
      const count = async (query: string) =>
        [...(await admin.get(`/studio/orders?${query}`)).body.matchAll(/href="\/studio\/orders\/ZZY/g)].length;
      assert.equal(await count('q=%E5%B8%B8%E5%B7%9E'), 1, '常州: the company');
      assert.equal(await count(`q=${encodeURIComponent('陈静')}`), 1, 'the contact');
      assert.equal(await count(`q=${placed[0]?.slice(3, 10).toLowerCase()}`), 1, 'part of the number, any case');
      assert.equal(await count('q=13800001001'), 2, 'the phone');
      assert.equal(await count('q=%25'), 0, 'a % is a character, not a wildcard');
      assert.equal(await count('status=submitted'), 3);
      assert.equal(await count('status=confirmed'), 0);
      const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
      assert.equal(await count(`from=${today}&to=${today}`), 3);
      assert.equal(await count('to=2020-01-01'), 0);
      const wrong = await admin.get('/studio/orders?from=2026-02-30&to=2020-01-01');
      assert.equal(wrong.status, 400);
      assert.match(wrong.body, /请填写有效的日期/);
    });

    it('opens an order with all its details, and moves it received → confirmed → fulfilled, each in its history', async () => {
      const orderNo = placed[0] as string;
      const page = await admin.get(`/studio/orders/${orderNo}`);
      assert.equal(page.status, 200);
      for (const text of [
        '苏州云启智能装备有限公司',
        '张明',
        '13800001001',
        '第一单：请上门部署',
        '已收到',
        '客户下单',
      ])
        assert.match(page.body, new RegExp(text));
      assert.match(page.body, /name="to" value="confirmed"[^>]*>确认订单/);
      assert.match(page.body, /name="to" value="cancelled"/);
      assert.doesNotMatch(page.body, /name="to" value="fulfilled"/, 'a received order is confirmed first');

      const confirmed = await move(orderNo, 'confirmed', '已电话联系客户');
      assert.equal(confirmed.status, 303, confirmed.body);
      assert.equal(confirmed.location, `/studio/orders/${orderNo}?done=confirmed`);
      const mine = await customerOrder(orderNo);
      assert.equal(mine.status, 'confirmed', 'the customer sees it');
      assert.ok(Date.parse(mine.statusChangedAt) >= Date.parse(mine.createdAt));

      assert.equal((await move(orderNo, 'fulfilled')).status, 303);
      assert.equal((await customerOrder(orderNo)).status, 'fulfilled');
      const done = (await admin.get(`/studio/orders/${orderNo}`)).body;
      assert.match(done, /已收到 → 已确认/);
      assert.match(done, /已确认 → 已完成/);
      assert.match(done, /已电话联系客户/);
      assert.match(done, /不能再改状态/);
    });

    it('refuses every move not allowed, in Chinese, and changes nothing', async () => {
      const [fulfilled, received, other] = placed as [string, string, string];
      const refusals: Array<[string, string, RegExp]> = [
        [received, 'fulfilled', /“已收到”的订单不能改为“已完成”，只能改为“已确认”或“已取消”/],
        [received, 'submitted', /订单已经是“已收到”/],
        [fulfilled, 'cancelled', /“已完成”的订单不能再改状态/],
        [fulfilled, 'confirmed', /“已完成”的订单不能再改状态/],
      ];
      for (const [orderNo, to, message] of refusals) {
        const refused = await staleMove(orderNo, to, '试一试');
        assert.equal(refused.status, 409, `${to}: ${refused.body.slice(0, 200)}`);
        assert.match(refused.body, message);
        if (orderNo === received) assert.match(refused.body, />试一试</, 'the note typed is kept');
      }
      assert.equal((await customerOrder(received)).status, 'submitted');
      assert.equal((await customerOrder(fulfilled)).status, 'fulfilled');
      const bad = await move(received, 'shipped');
      assert.equal(bad.status, 400);
      assert.match(bad.body, /请选择要把订单改为的状态/);

      // Cancelling: from received, and from confirmed; a cancelled order stays so.
      assert.equal((await move(received, 'cancelled', '客户来电取消')).status, 303);
      assert.equal((await customerOrder(received)).status, 'cancelled');
      assert.equal((await staleMove(received, 'confirmed')).status, 409);
      assert.equal((await move(other, 'confirmed')).status, 303);
      assert.equal((await move(other, 'cancelled')).status, 303);
    });

    it('of two staff confirming an order at once, one confirms it; the other is told', async () => {
      const orderNo = await place({ contactPhone: '13900000000' });
      const store = new OrderStore(portal.backend.db);
      const results = await Promise.all(
        [100, 101].map((id) => store.move(orderNo, { to: 'confirmed', by: { id, name: `员工${id}` }, note: '' })),
      );
      assert.equal(results.filter((result) => 'moved' in result).length, 1, JSON.stringify(results));
      assert.equal(results.filter((result) => 'refused' in result).length, 1, JSON.stringify(results));
      // Out of the lists the later tests count.
      await store.move(orderNo, { to: 'cancelled', by: { id: 1, name: '管理员' }, note: '' });
      placed.pop();
    });

    it('shows what customers typed as text', async () => {
      const page = (await admin.get(`/studio/orders/${placed[1]}`)).body;
      assert.doesNotMatch(page, /<img src=x/);
      assert.match(page, /&lt;img src=x onerror=alert\(1\)&gt;|&lt;img src=x onerror=alert\(1\)>/);
    });

    it('refuses staff without the orders role, and a form from elsewhere', async () => {
      const orderNo = placed[2] as string;
      for (const member of [editor, agent]) {
        assert.equal((await member.get('/studio/orders')).status, 403);
        assert.equal((await member.get(`/studio/orders/${orderNo}`)).status, 403);
        assert.equal((await member.get('/studio/orders/export')).status, 403);
        assert.equal((await member.post(`/studio/orders/${orderNo}/status`, { to: 'confirmed' })).status, 403);
      }
      assert.doesNotMatch((await editor.get('/studio')).body, /新订单|反馈待处理/);
      const csrf = /name="csrf" value="([^"]+)"/.exec((await admin.get(`/studio/orders`)).body)?.[1] ?? '';
      const forged = await admin.post(
        `/studio/orders/${orderNo}/status`,
        { csrf, to: 'confirmed' },
        'https://evil.example',
      );
      assert.equal(forged.status, 403);
      assert.equal((await admin.post(`/studio/orders/${orderNo}/status`, { to: 'confirmed' })).status, 403, 'no token');
      assert.equal((await admin.post('/studio/feedback/1/handle', { note: 'x' })).status, 403, 'no token');
      assert.match((await admin.get(`/studio/orders/${orderNo}`)).body, /不能再改状态/, 'still cancelled');
      assert.equal((await admin.get('/studio/nowhere/orders/ZZY')).status, 404);
      assert.equal((await admin.get('/studio/orders/ZZY1')).status, 404);
    });

    it('exports the filtered orders as CSV: a BOM, Chinese file name, quoting, formulas made inert', async () => {
      const res = await request(portal.port, '/studio/orders/export?q=13800001001', {
        headers: { Cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      assert.equal(res.status, 200);
      assert.equal(res.headers['content-type'], 'text/csv; charset=utf-8');
      assert.match(
        String(res.headers['content-disposition']),
        /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''%E8%AE%A2%E5%8D%95-\d{4}-\d{2}-\d{2}\.csv$/,
      );
      const bytes = Buffer.from(res.body, 'utf8');
      assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
      const lines = res.body.slice(1).split('\r\n');
      assert.equal(lines[0]?.split(',')[0], '订单编号');
      assert.equal(lines.length, 2 + 2, 'a header, two orders of that phone, and the last line end');
      assert.ok(
        lines.some((line) => line.includes(`"'=HYPERLINK(""http://evil.example"",""<img src=x onerror=alert(1)>"")"`)),
        res.body,
      );
      assert.ok(
        lines.some((line) => line.includes('已取消') && line.includes(placed[1] as string)),
        res.body,
      );
    });

    it('writes every change to the audit log', async () => {
      const log = (await admin.get('/studio/audit')).body;
      assert.match(log, /修改订单状态/);
      assert.match(log, /已电话联系客户/);
      assert.match(log, /导出订单/);
    });

    describe('feedback', () => {
      let id = 0;
      before(async () => {
        await portal.backend.feedback.add({
          topic: 'product',
          content: '希望提供产品资料和报价信息，谢谢',
          contactName: '王先生',
          contact: '13800138000',
        });
        id = await portal.backend.feedback.add(
          {
            topic: 'website',
            content: '@SUM(1+1)*cmd|" /C calc"!A0 页面打不开',
            contactName: '+赵',
            contact: 'a@b.cn',
          },
          '/product/1',
        );
      });

      it('lists what visitors sent, unhandled first; an agent may handle it, an editor may not', async () => {
        const page = await agent.get('/studio/feedback');
        assert.equal(page.status, 200);
        assert.match(page.body, /未处理：共 2 条/);
        assert.match(page.body, /页面打不开/);
        assert.equal((await editor.get('/studio/feedback')).status, 403);
        assert.equal((await editor.post(`/studio/feedback/${id}/handle`, { note: 'x' })).status, 403);
        await place();
        const home = (await admin.get('/studio')).body;
        assert.match(home, /<strong>1<\/strong>个新订单待确认/, home.slice(home.indexOf('<main')));
        assert.match((await admin.get('/studio')).body, /<strong>2<\/strong>条反馈待处理/);
      });

      it('marks one handled with a note (who, when), once; the filters follow', async () => {
        const handled = await agent.submit(`/studio/feedback/${id}`, `/studio/feedback/${id}/handle`, {
          note: '已电话回复',
        });
        assert.equal(handled.status, 303, handled.body);
        const entry = (await agent.get(`/studio/feedback/${id}`)).body;
        assert.match(entry, /王客服/);
        assert.match(entry, /已电话回复/);
        assert.match(entry, /已处理/);
        assert.match((await agent.get('/studio/feedback')).body, /未处理：共 1 条/);
        assert.match((await agent.get('/studio/feedback?show=handled')).body, /已处理：共 1 条/);
        assert.match((await agent.get('/studio/feedback?show=all')).body, /全部：共 2 条/);
        const csrf = /name="csrf" value="([^"]+)"/.exec((await admin.get('/studio/feedback')).body)?.[1] ?? '';
        const again = await admin.post(`/studio/feedback/${id}/handle`, { csrf, note: '再处理一次' });
        assert.equal(again.status, 409);
        assert.match(again.body, /这条反馈已由王客服于/);
        assert.match((await admin.get('/studio/audit')).body, /处理反馈/);
      });

      it('exports feedback as CSV with formulas made inert', async () => {
        const res = await request(portal.port, '/studio/feedback/export?show=all', {
          headers: { Cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        });
        assert.equal(res.status, 200);
        assert.match(String(res.headers['content-disposition']), /filename\*=UTF-8''%E5%8F%8D%E9%A6%88-/);
        assert.ok(res.body.startsWith('\uFEFF编号,提交时间,类型,内容'));
        assert.match(res.body, /,"'@SUM\(1\+1\)\*cmd\|"" \/C calc""!A0 页面打不开",'\+赵,/);
        assert.match(res.body, /已处理,王客服,/);
      });
    });
  });

describe('CSV cells', () => {
  it('quotes by RFC 4180 and makes formula starts inert', () => {
    assert.equal(csvCell('plain 文字'), 'plain 文字');
    assert.equal(csvCell('a,b'), '"a,b"');
    assert.equal(csvCell('say "hi"'), '"say ""hi"""');
    assert.equal(csvCell('two\nlines'), '"two\nlines"');
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      assert.ok(csvCell(`${start}1+1`).replace(/^"/, '').startsWith(`'${start}`), JSON.stringify(start));
    assert.equal(csvCell('\r1'), `"'\r1"`);
    assert.equal(csvCell(12), '12', 'numbers are numbers');
    assert.equal(csvCell(null), '');
    assert.equal(csvTable(['a'], [['b']]), '\uFEFFa\r\nb\r\n');
  });
});
