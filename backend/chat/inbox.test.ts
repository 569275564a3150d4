import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { startTestPortal, type TestPortal } from '../../host/test-support/backend';
import { request } from '../../host/test-support/server';
import { testDatabases } from '../test-support/databases';

for (const target of testDatabases) {
  describe(`agent inbox under a flood on ${target.name}`, { skip: target.skip }, () => {
    /**
     * The agent inbox under a flood: 210 one-message visitors from one address after a
     * real customer who was answered earlier. Every conversation stays reachable, page
     * by page, newest activity first, and the unanswered ones say so in words.
     */
    const PASSWORD = 'Agent-inbox-2026';
    const FLOOD = 210;
    let portal: TestPortal;
    let cookie: string;
    let real: number;
    let customer: string;

    interface Summary {
      id: number;
      updatedAt: number;
      unanswered: boolean;
      last: { text?: string; sender: string } | null;
    }
    interface InboxPage {
      conversations: Summary[];
      older: string | null;
      newer: string | null;
      from: number;
      total: number;
      unanswered: number;
    }

    const newVisitor = () => randomBytes(16).toString('base64url');
    const say = (visitor: string, text: string) =>
      request(portal.port, '/api/chat/messages', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Chat-Visitor': visitor },
        body: JSON.stringify({ kind: 'text', text }),
      });
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
    /** Every page from the first, following `older`. */
    async function allPages(show = ''): Promise<InboxPage[]> {
      const pages = [await page(show ? `?show=${show}` : '')];
      for (let last = pages[0]; last?.older; last = pages.at(-1))
        pages.push(await page(`?${show ? `show=${show}&` : ''}before=${encodeURIComponent(last.older)}`));
      return pages;
    }
    const html = async (path: string) => {
      const res = await request(portal.port, path, { headers: { Cookie: cookie } });
      assert.equal(res.status, 200, res.body.slice(0, 300));
      return res.body;
    };
    const decode = (href: string) => href.replaceAll('&amp;', '&');

    before(async () => {
      portal = await startTestPortal({
        databaseUrl: await target.url?.(),
        chat: { agentPassword: PASSWORD, conversationsPerAddress: 1000 },
      });
      const signIn = await request(portal.port, '/chat/agent/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: portal.origin },
        body: new URLSearchParams({ password: PASSWORD }).toString(),
      });
      assert.equal(signIn.status, 303);
      cookie = String(signIn.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';

      customer = newVisitor();
      const first = await say(customer, '我想了解设备物联平台的报价');
      assert.equal(first.status, 200, first.body);
      real = JSON.parse(first.body).result.conversationId;
      assert.equal((await api(`/conversations/${real}/messages`, { text: '您好，基础版每月 999 元' })).status, 200);
      for (let i = 0; i < FLOOD; i++) assert.equal((await say(newVisitor(), `刷屏 ${i}`)).status, 200);
    });
    after(() => portal.close());

    describe('chat agent inbox: paging through a flood', () => {
      it('pages through every conversation, newest activity first; the answered customer is on a later page', async () => {
        const pages = await allPages();
        const all = pages.flatMap((p) => p.conversations);
        assert.equal(all.length, FLOOD + 1);
        assert.equal(new Set(all.map((c) => c.id)).size, FLOOD + 1, 'no conversation twice');
        assert.ok(
          pages.every((p, i) => p.conversations.length === (i < pages.length - 1 ? 50 : (FLOOD + 1) % 50 || 50)),
          'pages of 50',
        );
        assert.ok(pages[0]?.conversations.length === 50 && pages[0]?.older, 'the first page leads on');
        for (let i = 1; i < all.length; i++) {
          const [newer, older] = [all[i - 1] as Summary, all[i] as Summary];
          assert.ok(
            newer.updatedAt > older.updatedAt || (newer.updatedAt === older.updatedAt && newer.id > older.id),
            `ordered by last activity at ${i}`,
          );
        }
        assert.equal(all.at(-1)?.id, real, 'the customer answered before the flood comes last');
        assert.equal(pages.at(-1)?.older, null);
        assert.deepEqual(
          pages.map((p) => p.from),
          pages.map((_, i) => i * 50 + 1),
        );
        assert.ok(pages.every((p) => p.total === FLOOD + 1 && p.unanswered === FLOOD));
      });

      it('marks the unanswered ones, and can list only those', async () => {
        const all = (await allPages()).flatMap((p) => p.conversations);
        assert.equal(all.find((c) => c.id === real)?.unanswered, false);
        assert.ok(all.filter((c) => c.id !== real).every((c) => c.unanswered && c.last?.sender === 'visitor'));
        const unanswered = (await allPages('unanswered')).flatMap((p) => p.conversations);
        assert.equal(unanswered.length, FLOOD);
        assert.ok(!unanswered.some((c) => c.id === real));
      });

      it('goes back to newer pages by cursor', async () => {
        const [first, second] = await allPages();
        const back = await page(`?after=${encodeURIComponent(String(second?.newer))}`);
        assert.deepEqual(
          back.conversations.map((c) => c.id),
          first?.conversations.map((c) => c.id),
        );
        assert.equal(back.newer, null);
        assert.equal((await api('/conversations?before=nonsense')).status, 400);
      });

      it('works without scripts: the page lists 50 with words for unanswered, and its links reach the customer', async () => {
        let body = await html('/chat/agent');
        const marks = (text: string) => text.match(/>未回复</g)?.length ?? 0;
        assert.equal(marks(body), 50, 'each unanswered conversation is marked in words');
        assert.match(body, /第 1–50 个，共 211 个会话/);
        const pagesSeen: string[] = [];
        while (!body.includes(`>访客 ${real}<`)) {
          const next = /<a[^>]*href="(\/chat\/agent\?[^"]*before=[^"]*)"[^>]*>更早的会话/.exec(body)?.[1];
          assert.ok(next, `a link to older conversations after ${pagesSeen.length + 1} pages`);
          pagesSeen.push(decode(next));
          body = await html(decode(next));
        }
        assert.equal(pagesSeen.length, 4, 'the customer is on the fifth page');
        assert.match(body, /rel="prev"[^>]*>较新的会话|较新的会话/);
        const item = new RegExp(`>访客 ${real}<[\\s\\S]*?</li>`).exec(body)?.[0] ?? '';
        assert.doesNotMatch(item, />未回复</, 'the answered customer carries no mark');
        assert.match(await html('/chat/agent?show=unanswered'), /共 210 个未回复会话/);
      });

      it('the customer writing again comes first, unanswered', async () => {
        assert.equal((await say(customer, '还有一个问题')).status, 200);
        const first = (await page()).conversations[0];
        assert.equal(first?.id, real);
        assert.equal(first?.last?.text, '还有一个问题');
        assert.equal(first?.unanswered, true);
      });
    });
  });
}
