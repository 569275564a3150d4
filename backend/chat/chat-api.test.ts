import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { openEventStream } from '../../test-support/event-stream';
import { request } from '../../test-support/http';
import { startTestPortal, type TestPortal } from '../../test-support/portal';
import { one } from '../db/query';
import { issuedVisitor } from '../test-support/chat-visitor';
import { testDatabases } from '../test-support/databases';
import { accessTokenFor } from '../test-support/sign-in';

for (const target of testDatabases) {
  describe(`built-in chat on ${target.name}`, { skip: target.skip }, () => {
    const PARTNER = 'http://partner.example:8080';
    let portal: TestPortal;
    let token: string;
    before(async () => {
      // Every visitor here comes from one address: room for all the conversations they start.
      portal = await startTestPortal({
        databaseUrl: await target.url?.(),
        chat: { partnerOrigins: [PARTNER], messagesPerMinute: 8, conversationsPerAddress: 1000 },
      });
      token = await accessTokenFor(portal.port, portal.origin, 'demo');
    });
    after(() => portal.close());

    const newVisitor = () => issuedVisitor(portal.origin);
    const call = async (
      path: string,
      {
        method = 'GET',
        headers = {},
        body,
      }: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
    ) => {
      const res = await request(portal.port, path, {
        method,
        headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { ...res, json: res.body.startsWith('{') ? JSON.parse(res.body) : undefined };
    };
    const send = (visitor: string, body: unknown, headers: Record<string, string> = {}) =>
      call('/api/chat/messages', { method: 'POST', headers: { 'X-Chat-Visitor': visitor, ...headers }, body });

    describe('built-in chat: visitors', () => {
      it('stores a message and gives it back in the history, in order', async () => {
        const visitor = await newVisitor();
        const first = await send(visitor, { kind: 'text', text: '  你好，想了解设备物联平台  ' });
        assert.equal(first.status, 200, first.body);
        assert.equal(first.json.result.text, '你好，想了解设备物联平台');
        await send(visitor, { kind: 'card', card: { type: 1, associationNo: 'P2025001' } });
        const history = await call('/api/chat/messages', { headers: { 'X-Chat-Visitor': visitor } });
        assert.deepEqual(
          history.json.result.messages.map((m: { kind: string }) => m.kind),
          ['text', 'card'],
        );
        // Another visitor sees none of it.
        const other = await call('/api/chat/messages', { headers: { 'X-Chat-Visitor': await newVisitor() } });
        assert.deepEqual(other.json.result.messages, []);
      });

      it('refuses a message over the limit, an empty one, an unknown kind and a card without a number, with clear reasons', async () => {
        const visitor = await newVisitor();
        const long = await send(visitor, { kind: 'text', text: '字'.repeat(501) });
        assert.equal(long.status, 400);
        assert.equal(long.json.msg, '消息不能超过 500 个字');
        assert.equal((await send(visitor, { kind: 'text', text: '字'.repeat(500) })).status, 200);
        assert.equal((await send(visitor, { kind: 'text', text: '   ' })).json.msg, '消息不能为空');
        const unknownKind = await send(visitor, { kind: 'image', text: 'x' });
        assert.equal(unknownKind.status, 400);
        // Every refusal in Chinese, those the schema has no words of its own for too.
        assert.match(unknownKind.json.msg, /^[^A-Za-z]*格式不正确/);
        const notJson = await call('/api/chat/messages', {
          method: 'POST',
          headers: { 'X-Chat-Visitor': visitor, 'Content-Type': 'text/plain' },
        });
        assert.equal(notJson.status, 400);
        assert.doesNotMatch(notJson.json.msg, /Invalid|Expected|received/);
        const script = await send(visitor, {
          kind: 'card',
          card: { picUrl: 'javascript:alert(1)', title: 't', description: '' },
        });
        assert.equal(script.status, 400);
        assert.equal(script.json.msg, '卡片须指明产品或解决方案：type 与 associationNo');
        assert.equal(
          (await call('/api/chat/messages', { method: 'POST', body: { kind: 'text', text: 'x' } })).json.msg,
          '缺少访客标识',
        );
      });

      it('stores a message sent twice with the same client id once', async () => {
        const visitor = await newVisitor();
        const body = { kind: 'text', text: '重发', clientId: 'retry-0001' };
        const first = await send(visitor, body);
        const again = await send(visitor, body);
        assert.equal(again.json.result.id, first.json.result.id);
        const history = await call('/api/chat/messages', { headers: { 'X-Chat-Visitor': visitor } });
        assert.equal(history.json.result.messages.length, 1);
      });

      it('limits how fast one visitor sends, not the others', async () => {
        const visitor = await newVisitor();
        const statuses: number[] = [];
        for (let i = 0; i < 9; i++) statuses.push((await send(visitor, { kind: 'text', text: `第 ${i} 条` })).status);
        assert.deepEqual(statuses, [200, 200, 200, 200, 200, 200, 200, 200, 429]);
        assert.equal((await send(visitor, { kind: 'text', text: 'x' })).json.msg, '发送太频繁，请稍后再试');
        assert.equal((await send(await newVisitor(), { kind: 'text', text: 'x' })).status, 200);
      });

      it('answers the partner origins of the configuration and refuses every other origin', async () => {
        const visitor = await newVisitor();
        const partner = await send(visitor, { kind: 'text', text: '来自合作伙伴' }, { Origin: PARTNER });
        assert.equal(partner.status, 200);
        assert.equal(partner.headers['access-control-allow-origin'], PARTNER);
        const own = await send(visitor, { kind: 'text', text: '来自门户' }, { Origin: portal.origin });
        assert.equal(own.status, 200);
        const stranger = await send(visitor, { kind: 'text', text: '陌生网站' }, { Origin: 'http://evil.example' });
        assert.equal(stranger.status, 403);
        // Readable by the refused page, so its widget can say why.
        assert.equal(stranger.json.msg, '该网站未获准使用在线客服');
        const preflight = await call('/api/chat/events', {
          method: 'OPTIONS',
          headers: { Origin: PARTNER, 'Access-Control-Request-Headers': 'x-chat-visitor,last-event-id' },
        });
        assert.equal(preflight.status, 204);
        assert.match(String(preflight.headers['access-control-allow-headers']), /X-Chat-Visitor/);
        const refused = await call('/api/chat/events', {
          headers: { Origin: 'http://evil.example', 'X-Chat-Visitor': visitor },
        });
        assert.equal(refused.status, 403);
        assert.equal(
          (await call('/api/chat/cards/P2025001', { headers: { Origin: 'http://evil.example' } })).status,
          403,
        );
        // The stranger's message was not stored.
        const history = await call('/api/chat/messages', { headers: { 'X-Chat-Visitor': visitor } });
        assert.deepEqual(
          history.json.result.messages.map((m: { text: string }) => m.text),
          ['来自合作伙伴', '来自门户'],
        );
      });

      it('tells any page, with 200, whether its origin may use the chat (chat.js asks before it shows)', async () => {
        for (const [origin, allowed] of [
          [PARTNER, true],
          [portal.origin, true],
          ['http://evil.example', false],
        ] as const) {
          const answer = await call('/api/chat/access', { headers: { Origin: origin } });
          assert.equal(answer.status, 200);
          assert.equal(answer.headers['access-control-allow-origin'], '*');
          assert.deepEqual(answer.json.result, { allowed }, origin);
        }
      });

      it('takes a signed-in visitor from the verified token: name and mobile from the account, sent once', async () => {
        const auth = { Authorization: `Bearer ${token}` };
        const claimed = await call('/api/chat/metadata', {
          method: 'POST',
          headers: { ...auth, 'X-Chat-Visitor': await newVisitor() },
          body: { name: '冒充的名字', mobile: '10000000000' },
        });
        assert.equal(claimed.status, 200, claimed.body);
        assert.equal(claimed.json.result.sent, true);
        const again = await call('/api/chat/metadata', { method: 'POST', headers: auth, body: {} });
        assert.equal(again.json.result.sent, false);
        // Whatever visitor id the page sends, the token decides the conversation.
        const history = await call('/api/chat/messages', {
          headers: { ...auth, 'X-Chat-Visitor': await newVisitor() },
        });
        const metadata = history.json.result.messages.filter((m: { kind: string }) => m.kind === 'metadata');
        assert.equal(metadata.length, 1);
        const user = await portal.backend.accounts.userByAccessToken(token, '9090');
        assert.deepEqual(metadata[0].metadata, { name: user?.name, mobile: user?.mobile });
        assert.notEqual(metadata[0].metadata.name, '冒充的名字');
        const anonymous = await call('/api/chat/metadata', {
          method: 'POST',
          headers: { 'X-Chat-Visitor': await newVisitor() },
        });
        assert.equal(anonymous.status, 401);
      });

      it('knows a partner page’s signed-in user by the token the hub gave that origin, as on the portal', async () => {
        const partnerToken = await accessTokenFor(portal.port, portal.origin, 'uncertified');
        const preflight = await call('/api/chat/metadata', {
          method: 'OPTIONS',
          headers: { Origin: PARTNER, 'Access-Control-Request-Headers': 'authorization,content-type' },
        });
        assert.equal(preflight.status, 204);
        assert.match(String(preflight.headers['access-control-allow-headers']), /Authorization/);
        const headers = { Origin: PARTNER, Authorization: `Bearer ${partnerToken}` };
        const named = await call('/api/chat/metadata', { method: 'POST', headers, body: {} });
        assert.equal(named.status, 200, named.body);
        assert.equal(named.json.result.sent, true);
        assert.equal(named.headers['access-control-allow-origin'], PARTNER);
        const sent = await call('/api/chat/messages', {
          method: 'POST',
          headers,
          body: { kind: 'text', text: '合作伙伴页面上的登录用户' },
        });
        assert.equal(sent.status, 200, sent.body);
        // One conversation for the user, wherever they write from: the portal's own pages see it too.
        const history = await call('/api/chat/messages', { headers: { Authorization: `Bearer ${partnerToken}` } });
        const messages = history.json.result.messages as { kind: string; metadata?: { name: string } }[];
        assert.deepEqual(
          messages.map((m) => m.kind),
          ['metadata', 'text'],
        );
        const user = await portal.backend.accounts.userByAccessToken(partnerToken, '9090');
        assert.equal(messages[0]?.metadata?.name, user?.name);
      });

      it('gives the chat card of a product or a solution by association number', async () => {
        const product = await call('/api/chat/cards/P2025001');
        assert.deepEqual(Object.keys(product.json.result).sort(), [
          'associationNo',
          'backgroundType',
          'backgroundUrl',
          'introduction',
          'name',
          'type',
        ]);
        assert.equal(product.json.result.type, 1);
        assert.equal((await call('/api/chat/cards/S2025002')).json.result.type, 2);
        assert.equal((await call('/api/chat/cards/P9999999')).status, 404);
        assert.equal((await call('/api/chat/cards/%3Cscript%3E')).status, 404);
      });
    });

    describe('built-in chat: live stream', () => {
      it('replays what came after Last-Event-ID, then delivers live, unbuffered by compression', async () => {
        const visitor = await newVisitor();
        const ids: number[] = [];
        for (const text of ['一', '二', '三'])
          ids.push((await send(visitor, { kind: 'text', text })).json.result.id as number);
        const stream = await openEventStream(portal.port, '/api/chat/events', {
          'X-Chat-Visitor': visitor,
          'Last-Event-ID': String(ids[0]),
          'Accept-Encoding': 'gzip, br',
        });
        try {
          assert.equal(stream.response.headers['content-encoding'], undefined);
          assert.match(String(stream.response.headers['content-type']), /^text\/event-stream/);
          await stream.waitFor((e) => e.event === 'message' && e.id === String(ids[2]));
          await send(visitor, { kind: 'text', text: '四' });
          const live = await stream.waitFor((e) => (e.data as { text?: string }).text === '四');
          assert.ok(Number(live.id) > (ids[2] ?? 0));
          const texts = stream.events
            .filter((e) => e.event === 'message')
            .map((e) => (e.data as { text: string }).text);
          assert.deepEqual(texts, ['二', '三', '四']);
          assert.deepEqual(stream.events.find((e) => e.event === 'presence')?.data, { online: false });
        } finally {
          stream.close();
        }
      });
    });

    describe('built-in chat: floods', () => {
      let small: TestPortal;
      before(async () => {
        small = await startTestPortal({ databaseUrl: await target.url?.(), chat: { conversationsPerAddress: 3 } });
      });
      after(() => small.close());
      const sendTo = (visitor: string, text: string) =>
        request(small.port, '/api/chat/messages', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Chat-Visitor': visitor },
          body: JSON.stringify({ kind: 'text', text }),
        });
      const conversations = async () =>
        Number((await one(small.backend.db, sql<{ n: number }>`SELECT count(*) AS n FROM chat_conversations`))?.n);

      it('reading history or opening the stream starts no conversation', async () => {
        const before_ = await conversations();
        for (let i = 0; i < 20; i++) {
          const visitor = await issuedVisitor(small.origin);
          assert.equal(
            (await request(small.port, '/api/chat/messages', { headers: { 'X-Chat-Visitor': visitor } })).status,
            200,
          );
          const stream = await openEventStream(small.port, '/api/chat/events', { 'X-Chat-Visitor': visitor });
          await stream.waitFor((e) => e.event === 'presence');
          stream.close();
        }
        assert.equal(await conversations(), before_);
      });

      it('a stream opened before the first message follows the conversation it starts', async () => {
        const visitor = await issuedVisitor(small.origin);
        const stream = await openEventStream(small.port, '/api/chat/events', { 'X-Chat-Visitor': visitor });
        try {
          await stream.waitFor((e) => e.event === 'presence');
          assert.equal((await sendTo(visitor, '第一条')).status, 200);
          await stream.waitFor((e) => e.event === 'message' && (e.data as { text?: string }).text === '第一条');
        } finally {
          stream.close();
        }
      });

      it('one address starts only a few conversations; those it has go on', async () => {
        const visitors = [await issuedVisitor(small.origin), await issuedVisitor(small.origin)];
        for (const visitor of visitors) assert.equal((await sendTo(visitor, '你好')).status, 200);
        const refused = await sendTo(await issuedVisitor(small.origin), '又一个');
        assert.equal(refused.status, 429);
        assert.match(JSON.parse(refused.body).msg, /^新会话过多，请约 \d+ 分钟后再试$/);
        assert.equal((await sendTo(visitors[0] ?? '', '还在吗')).status, 200, 'an existing conversation goes on');
      });
    });
  });
}
