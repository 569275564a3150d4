import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { openEventStream } from '../../test-support/event-stream';
import { request } from '../../test-support/http';
import { startTestPortal, type TestPortal } from '../../test-support/portal';
import { issuedVisitor } from '../test-support/chat-visitor';
import { testDatabases } from '../test-support/databases';

for (const target of testDatabases) {
  describe(`chat agent on ${target.name}`, { skip: target.skip }, () => {
    const PASSWORD = 'Agent-test-2026';
    let portal: TestPortal;
    before(async () => {
      portal = await startTestPortal({ databaseUrl: await target.url?.(), chat: { agentPassword: PASSWORD } });
    });
    after(() => portal.close());

    const form = (password: string, origin?: string) =>
      request(portal.port, '/chat/agent/login', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          ...(origin === undefined ? { Origin: portal.origin } : origin ? { Origin: origin } : {}),
        },
        body: new URLSearchParams({ password }).toString(),
      });

    async function signIn(): Promise<string> {
      const res = await form(PASSWORD);
      assert.equal(res.status, 303);
      const cookie = String(res.headers['set-cookie']?.[0] ?? '');
      assert.match(cookie, /HttpOnly/i);
      assert.match(cookie, /SameSite=Strict/i);
      return cookie.split(';')[0] ?? '';
    }

    const api = (path: string, cookie: string, body?: unknown, origin = portal.origin) =>
      request(portal.port, `/chat/agent/api${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          Cookie: cookie,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json', Origin: origin }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then((res) => ({ ...res, json: JSON.parse(res.body) }));

    describe('chat agent inbox', () => {
      it('shows the sign-in page, refuses a wrong password and a foreign form, and lets the right one in', async () => {
        const page = await request(portal.port, '/chat/agent');
        assert.equal(page.status, 200);
        assert.match(page.body, /客服密码/);
        assert.equal((await form('wrong password')).status, 401);
        assert.equal((await form(PASSWORD, 'http://evil.example')).status, 403);
        const cookie = await signIn();
        const inbox = await request(portal.port, '/chat/agent', { headers: { Cookie: cookie } });
        assert.match(inbox.body, /\/widgets\/chat-agent\.js/);
        assert.equal((await api('/conversations', 'portal_chat_agent=1.forged')).status, 401);
      });

      it('signing in leads back to the inbox address asked for, and only to the inbox', async () => {
        const asked = await request(portal.port, '/chat/agent?show=unanswered&open=7');
        assert.match(asked.body, /name="back" value="\?show=unanswered&amp;open=7"/);
        const post = (back: string, password = PASSWORD) =>
          request(portal.port, '/chat/agent/login', {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: portal.origin },
            body: new URLSearchParams({ password, back }).toString(),
          });
        assert.equal((await post('?show=unanswered&open=7')).headers.location, '/chat/agent?show=unanswered&open=7');
        // A wrong password keeps where the form leads.
        assert.match((await post('?open=7', 'wrong')).body, /name="back" value="\?open=7"/);
        // Anything but the inbox's own query leads to the inbox.
        for (const back of [
          '//evil.example',
          'https://evil.example/',
          '?open=javascript:x',
          '?before=x&open=0',
          'x'.repeat(600),
        ])
          assert.equal((await post(back)).headers.location, '/chat/agent', back);
        assert.equal((await post('?before=x&open=3')).headers.location, '/chat/agent?open=3');
        // The form's own address, reloaded after a refusal drew the form there, leads to the inbox.
        const reloaded = await request(portal.port, '/chat/agent/login?open=7');
        assert.equal(reloaded.status, 303);
        assert.equal(reloaded.headers.location, '/chat/agent?open=7');
        assert.equal((await request(portal.port, '/chat/agent/logout')).headers.location, '/chat/agent');
      });

      it('lists conversations with the card, replies live to the visitor, and refuses replies from other origins', async () => {
        const cookie = await signIn();
        const visitor = await issuedVisitor(portal.origin);
        const sent = await request(portal.port, '/api/chat/messages', {
          method: 'POST',
          headers: { 'X-Chat-Visitor': visitor, 'Content-Type': 'application/json' },
          body: JSON.stringify({ kind: 'card', card: { type: 1, associationNo: 'P2025001' } }),
        });
        assert.equal(sent.status, 200);
        const card = JSON.parse(sent.body).result.card;
        const list = await api('/conversations', cookie);
        const conversation = list.json.result.conversations.find(
          (c: { last: { card?: unknown } }) => JSON.stringify(c.last?.card) === JSON.stringify(card),
        );
        assert.ok(conversation, list.body);
        assert.equal(conversation.unread, 1);
        assert.equal(conversation.unanswered, true);
        assert.equal(conversation.last.card.url, '/product/P2025001');

        const visitorStream = await openEventStream(portal.port, '/api/chat/events', { 'X-Chat-Visitor': visitor });
        const agentStream = await openEventStream(portal.port, '/chat/agent/api/events', { Cookie: cookie });
        try {
          // An agent with the inbox open is online for the visitor.
          await visitorStream.waitFor((e) => e.event === 'presence' && (e.data as { online: boolean }).online);
          const foreign = await api(
            `/conversations/${conversation.id}/messages`,
            cookie,
            { text: '假冒' },
            'http://evil.example',
          );
          assert.equal(foreign.status, 403);
          const reply = await api(`/conversations/${conversation.id}/messages`, cookie, {
            text: '<b>您好</b>，请问有什么可以帮您？',
          });
          assert.equal(reply.status, 200, reply.body);
          const delivered = await visitorStream.waitFor(
            (e) => e.event === 'message' && (e.data as { sender: string }).sender === 'agent',
          );
          // Stored and sent as text: the page renders it escaped.
          assert.equal((delivered.data as { text: string }).text, '<b>您好</b>，请问有什么可以帮您？');
          await agentStream.waitFor((e) => e.event === 'message' && e.id === String(reply.json.result.id));
          const answered = (await api(`/conversations/${conversation.id}`, cookie)).json.result;
          assert.equal(answered.unread, 0);
          assert.equal(answered.unanswered, false);
          assert.equal((await api('/conversations/99999/messages', cookie, { text: 'x' })).status, 404);
        } finally {
          visitorStream.close();
          agentStream.close();
        }
        await visitorStream.waitFor(() => true);
      });

      it('ends the session on sign-out: the old cookie opens nothing any more, and its open stream ends', async () => {
        const cookie = await signIn();
        const other = await signIn();
        assert.equal((await api('/conversations', cookie)).status, 200);
        const stream = await openEventStream(portal.port, '/chat/agent/api/events', { Cookie: cookie });
        const ended = new Promise<void>((resolve) => stream.response.on('end', resolve));
        const out = await request(portal.port, '/chat/agent/logout', {
          method: 'POST',
          headers: { Cookie: cookie, Origin: portal.origin },
        });
        assert.equal(out.status, 303);
        // A copy of the cookie kept (another tab, a stolen one) is refused now.
        assert.equal((await api('/conversations', cookie)).status, 401);
        assert.match((await request(portal.port, '/chat/agent', { headers: { Cookie: cookie } })).body, /客服密码/);
        await ended;
        // Another agent's sign-in goes on.
        assert.equal((await api('/conversations', other)).status, 200);
      });

      it('tells the inbox page where its live updates start: after the newest message it was drawn with', async () => {
        const cookie = await signIn();
        const sent = await request(portal.port, '/api/chat/messages', {
          method: 'POST',
          headers: { 'X-Chat-Visitor': await issuedVisitor(portal.origin), 'Content-Type': 'application/json' },
          body: JSON.stringify({ kind: 'text', text: '最新的一条' }),
        });
        const newest = JSON.parse(sent.body).result.id;
        const inbox = await request(portal.port, '/chat/agent', { headers: { Cookie: cookie } });
        const state = JSON.parse(
          /<script type="application\/json" id="inbox-state">([^<]*)<\/script>/.exec(inbox.body)?.[1] ?? '{}',
        );
        // Without it, the inbox's stream began at the first message ever and sent up to 500 old ones on each visit.
        assert.equal(state.since, newest);
      });

      it('limits wrong passwords', async () => {
        const statuses: number[] = [];
        for (let i = 0; i < 6; i++) statuses.push((await form(`nope-${i}`)).status);
        assert.equal(statuses.at(-1), 429);
      });
    });
  });
}
