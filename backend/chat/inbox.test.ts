import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { request } from '../../test-support/http';
import { startTestPortal, type TestPortal } from '../../test-support/portal';
import { one } from '../db/query';
import { floodInbox } from '../test-support/chat-flood';
import { testDatabases } from '../test-support/databases';
import { accessTokenFor } from '../test-support/sign-in';

/**
 * The agent inbox under the attack that once buried a customer: 2,000 one-message
 * conversations from 2,000 addresses, 300 more from one office's address, all
 * newer than a real customer who is signed in and sent a product's card. One
 * search, or one filter, finds the customer; the office is one row.
 */
for (const target of testDatabases) {
  describe(`agent inbox under a flood on ${target.name}`, { skip: target.skip }, () => {
    const PASSWORD = 'Agent-inbox-2026';
    const JUNK = 2000;
    const OFFICE = 300;
    const OFFICE_ADDRESS = '203.0.113.7';
    let portal: TestPortal;
    let cookie: string;
    let real: number;
    let product: string;
    /** The customer's headers: signed in. */
    let customer: Record<string, string>;
    /** When the flood began (ms): the customer's last message was just before. */
    let start: number;

    interface Summary {
      id: number;
      name: string | null;
      signedIn: boolean;
      updatedAt: number;
      unanswered: boolean;
      product: string | null;
      group?: { address: string; count: number; unanswered: number };
      last: { text?: string; sender: string } | null;
    }
    interface InboxPage {
      conversations: Summary[];
      older: string | null;
      newer: string | null;
      from: number;
      total: number;
      unanswered: number;
      rows: number;
    }

    const api = async (path: string, body?: unknown) => {
      const res = await request(portal.port, `/chat/agent/api${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          Cookie: cookie,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json', Origin: portal.origin }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: JSON.parse(res.body), body: res.body };
    };
    const page = async (query = '') => {
      const res = await api(`/conversations${query}`);
      assert.equal(res.status, 200, res.body);
      return res.json.result as InboxPage;
    };
    const ids = (p: InboxPage) => p.conversations.map((c) => c.id);
    const html = async (path: string) => {
      const res = await request(portal.port, path, { headers: { Cookie: cookie } });
      assert.equal(res.status, 200, res.body.slice(0, 300));
      return res.body;
    };

    before(async () => {
      portal = await startTestPortal({ databaseUrl: await target.url?.(), chat: { agentPassword: PASSWORD } });
      const signIn = await request(portal.port, '/chat/agent/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: portal.origin },
        body: new URLSearchParams({ password: PASSWORD }).toString(),
      });
      assert.equal(signIn.status, 303);
      cookie = String(signIn.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';

      // The customer, as the chat panel of a signed-in visitor on a product page: who, the card, a question.
      customer = { Authorization: `Bearer ${await accessTokenFor(portal.port, portal.origin, 'demo')}` };
      const auth = {
        ...customer,
        'Content-Type': 'application/json',
        Origin: portal.origin,
      };
      const post = async (path: string, body: unknown) => {
        const res = await request(portal.port, `/api/chat${path}`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify(body),
        });
        assert.equal(res.status, 200, res.body);
        return JSON.parse(res.body).result;
      };
      await post('/metadata', {});
      const card = await post('/messages', { kind: 'card', card: { type: 1, associationNo: 'P2025001' } });
      product = card.card.title;
      real = card.conversationId;
      const asked = await post('/messages', { kind: 'text', text: '这台设备支持 Modbus 吗？' });

      // The flood came after the customer, a visitor a millisecond, the office last.
      start = asked.createdAt + 1;
      await floodInbox(portal.backend.db, {
        count: JUNK,
        at: (i) => start + i,
        address: (i) => `198.18.${Math.floor(i / 250)}.${i % 250}`,
        text: (i) => `刷屏 ${i}`,
      });
      await floodInbox(portal.backend.db, {
        count: OFFICE,
        at: (i) => start + JUNK + i,
        address: () => OFFICE_ADDRESS,
        text: (i) => (i === 0 ? '价格 100% 优惠吗' : i === 1 ? '型号 A_1 有货吗' : `同事 ${i}`),
        prefix: 'office',
      });
    });
    after(() => portal.close());

    it('keeps the address a conversation was started from, as the server saw it', async () => {
      const row = await one(
        portal.backend.db,
        sql<{ address: string | null }>`SELECT address FROM chat_conversations WHERE id = ${real}`,
      );
      assert.match(String(row?.address), /^(::ffff:)?127\.0\.0\.1$|^::1$/);
    });

    it('one search finds the customer: by name, mobile, product or message text', async () => {
      // Newer, the flood alone fills the first pages of the list and of its unanswered view.
      assert.ok(!ids(await page()).includes(real));
      assert.ok(!ids(await page('?show=unanswered')).includes(real));
      for (const q of ['张明', '13800001001', '0000 1001', product, 'modbus', `访客 ${real}`]) {
        const found = await page(`?q=${encodeURIComponent(q)}`);
        assert.deepEqual(ids(found), [real], `searching ${q}`);
        assert.equal(found.total, 1);
        assert.equal(found.conversations[0]?.product, product);
      }
      const unanswered = await page(`?show=unanswered&q=${encodeURIComponent('张明')}`);
      assert.deepEqual(ids(unanswered), [real]);
    });

    it('one filter finds the customer: signed in, or with a card', async () => {
      for (const filter of ['signed-in=1', 'card=1', 'show=unanswered&signed-in=1&card=1']) {
        const found = await page(`?${filter}`);
        assert.deepEqual(ids(found), [real], filter);
        assert.equal(found.conversations[0]?.signedIn, true);
        assert.equal(found.conversations[0]?.name, '张明');
      }
    });

    it('the office is one row with its count, on the first page, and its own list holds every one', async () => {
      const first = await page();
      const office = first.conversations.filter((c) => c.group?.address === OFFICE_ADDRESS);
      assert.equal(office.length, 1, 'one row for the address');
      assert.deepEqual(office[0]?.group, { address: OFFICE_ADDRESS, count: OFFICE, unanswered: OFFICE });
      assert.equal(first.conversations[0], office[0], 'its newest is the newest activity');
      assert.equal(first.total, JUNK + OFFICE + 1);
      assert.equal(first.rows, JUNK + 2, 'every other address is a row of its own');
      assert.equal(first.conversations.filter((c) => c.group).length, 1);

      const own = await page(`?address=${OFFICE_ADDRESS}`);
      assert.equal(own.total, OFFICE);
      assert.equal(own.rows, OFFICE, 'listed one by one');
      assert.equal(own.conversations.length, 50);
      assert.ok(own.conversations.every((c) => !c.group));
      assert.ok(own.older);
    });

    it('pages through every row, newest activity first, each once; the customer last; and back', async () => {
      // Pages of 500 straight from the store: the same SQL as the API's pages of 50, in a fifth of the time.
      const rows: Summary[] = [];
      for (let before: string | undefined; ; ) {
        const p = await portal.backend.chat.conversations({ show: 'all', before }, 500);
        assert.equal(p.from, rows.length + 1);
        assert.equal(p.rows, JUNK + 2);
        rows.push(...(p.conversations as Summary[]));
        if (!p.older) break;
        before = p.older;
      }
      assert.equal(rows.length, JUNK + 2);
      assert.equal(new Set(rows.map((c) => c.id)).size, rows.length);
      for (let i = 1; i < rows.length; i++) {
        const [newer, older] = [rows[i - 1] as Summary, rows[i] as Summary];
        assert.ok(newer.updatedAt > older.updatedAt || (newer.updatedAt === older.updatedAt && newer.id > older.id));
      }
      assert.equal(rows.at(-1)?.id, real);

      const [first, second] = [await page(), await page(`?before=${encodeURIComponent(String((await page()).older))}`)];
      assert.equal(second.from, 51);
      const back = await page(`?after=${encodeURIComponent(String(second.newer))}`);
      assert.deepEqual(ids(back), ids(first));
      assert.equal(back.newer, null);
    });

    it('takes search text as text: % and _ match themselves, quotes are words', async () => {
      assert.equal((await page(`?q=${encodeURIComponent('100%')}`)).total, 1);
      assert.equal((await page(`?q=${encodeURIComponent('A_1')}`)).total, 1);
      assert.equal((await page('?q=_')).total, 1);
      assert.equal((await page(`?q=${encodeURIComponent("' OR 1=1 --")}`)).total, 0);
      const none = await page('?q=%E6%B2%A1%E6%9C%89%E8%BF%99%E4%B8%AA');
      assert.deepEqual([none.total, none.rows, none.conversations.length], [0, 0, 0]);
    });

    it('refuses a query that is not one, in words', async () => {
      const refusals: Array<[string, RegExp]> = [
        [`q=${encodeURIComponent('长'.repeat(101))}`, /搜索内容不能超过 100 个字/],
        ['q=%00abc', /控制字符/],
        ['q=a&q=b', /搜索内容不正确/],
        ['signed-in=yes', /只看已登录客户/],
        ['card=true', /只看带产品卡片/],
        ['show=everything', /只能列出全部或未回复的会话/],
        ['address=', /来源地址不正确/],
      ];
      for (const [query, message] of refusals) {
        const res = await api(`/conversations?${query}`);
        assert.equal(res.status, 400, query);
        assert.match(res.json.msg, message, query);
      }
    });

    it('without scripts: the page searches, filters and shows the office as one row leading to its list', async () => {
      const found = await html('/chat/agent?q=%E5%BC%A0%E6%98%8E');
      assert.match(found, /第 1–1 个，共 1 个会话/);
      assert.match(found, /<strong>张明<\/strong>/);
      assert.match(found, new RegExp(`产品：${product}`));
      assert.match(found, /<input[^>]*type="search"[^>]*name="q"[^>]*value="张明"/);
      assert.match(found, /<label for="inbox-search">/);
      assert.match(found, /清除搜索和筛选/);

      const filtered = await html('/chat/agent?signed-in=1');
      assert.match(filtered, /<input type="checkbox" name="signed-in" value="1" checked(="")?\/?>/);
      assert.match(filtered, />已登录</);

      const first = await html('/chat/agent');
      assert.match(first, new RegExp(`第 1–50 行，共 ${JUNK + 2} 行（${JUNK + OFFICE + 1} 个会话`));
      const office = /<a href="([^"]+)" class="same-address">同一地址还有 (\d+) 个会话（(\d+) 个未回复）/.exec(first);
      assert.equal(office?.[2], String(OFFICE - 1));
      assert.equal(office?.[1]?.replaceAll('&amp;', '&'), `/chat/agent?address=${OFFICE_ADDRESS}`);
      assert.match(await html(String(office?.[1])), /第 1–50 个，共 300 个会话/);

      const refused = await html(`/chat/agent?q=${encodeURIComponent('长'.repeat(101))}`);
      assert.match(refused, /<p[^>]*role="alert"[^>]*>搜索内容不能超过 100 个字<\/p>/);
      assert.match(refused, new RegExp(`第 1–50 行，共 ${JUNK + 2} 行`), 'and the newest page');
    });

    it('the customer writing again comes first, unanswered, with the product asked about', async () => {
      // The flood's times run 2.3 s past the customer's: the customer writes after them.
      while (Date.now() <= start + JUNK + OFFICE) await new Promise((resolve) => setTimeout(resolve, 50));
      const res = await request(portal.port, '/api/chat/messages', {
        method: 'POST',
        headers: { ...customer, 'Content-Type': 'application/json', Origin: portal.origin },
        body: JSON.stringify({ kind: 'text', text: '还有一个问题' }),
      });
      assert.equal(res.status, 200, res.body);
      const first = (await page()).conversations[0];
      assert.equal(first?.id, real);
      assert.equal(first?.last?.text, '还有一个问题');
      assert.equal(first?.unanswered, true);
      assert.equal(first?.product, product);
    });
  });
}
