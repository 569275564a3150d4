import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openEventStream } from '../../test-support/event-stream';
import { request } from '../../test-support/http';
import { issuedVisitor } from '../test-support/chat-visitor';
import { postgresDatabase, testDatabases } from '../test-support/databases';
import { startInstance, type TestInstance } from '../test-support/instances';
import { ChatHub } from './hub';
import { type HubLink, postgresHubLink } from './hub-link';
import type { ChatMessage } from './store';

/** Resolves with the first value `subscribe` hands its listener; fails after `ms`. */
const first = <T>(subscribe: (listener: (value: T) => void) => () => void, ms = 1_000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`nothing within ${ms} ms`)), ms);
    const stop = subscribe((value) => {
      clearTimeout(timer);
      stop();
      resolve(value);
    });
  });

const message = (id: number, text = '您好，这里是客服'): ChatMessage => ({
  id,
  conversationId: 7,
  sender: 'agent',
  kind: 'text',
  text,
  clientId: null,
  createdAt: Date.now(),
});

/**
 * Two hubs as two instances see them: on PostgreSQL each with its own
 * connection; on SQLite one process is the whole service, so both are one hub.
 */
for (const database of testDatabases)
  describe(`chat hub across instances (${database.name})`, { skip: database.skip }, () => {
    const links: HubLink[] = [];
    const hubs: ChatHub[] = [];
    let a: ChatHub;
    let b: ChatHub;
    before(async () => {
      if (database.name === 'SQLite') {
        a = b = new ChatHub();
        return hubs.push(a);
      }
      const url = await (database.url as () => Promise<string>)();
      for (let i = 0; i < 2; i++) links.push(await postgresHubLink(url));
      a = new ChatHub({ link: links[0] });
      b = new ChatHub({ link: links[1], load: async (id) => message(id, '大'.repeat(3_000)) });
      hubs.push(a, b);
    });
    after(async () => {
      for (const hub of hubs) hub.close();
      for (const link of links) await link.close();
    });

    it('delivers a message published on one to a subscriber of the other within 1 s', async () => {
      const received = first<ChatMessage>((listener) => b.onConversation(7, listener));
      const inInbox = first<ChatMessage>((listener) => b.onAny(listener));
      a.publish(message(101));
      assert.equal((await received).id, 101);
      assert.equal((await inInbox).id, 101);
    });

    it('carries a message too large for one notification by its id', async () => {
      const received = first<ChatMessage>((listener) => b.onConversation(7, listener));
      a.publish(message(102, '大'.repeat(3_000)));
      const got = await received;
      assert.equal(got.id, 102);
      assert.equal(got.text?.length, 3_000);
    });

    it('tells the other that a conversation started', async () => {
      const opened = first<number>((listener) => b.onOpened('v:someone', listener));
      a.opened('v:someone', 42);
      assert.equal(await opened, 42);
    });

    it('says an agent is online on both while one has the inbox open, and offline when it leaves', async () => {
      assert.equal(b.agentOnline, false);
      const online = first<boolean>((listener) => b.onPresence(listener));
      const leave = a.agentJoined();
      assert.equal(await online, true);
      assert.equal(b.agentOnline, true);
      const offline = first<boolean>((listener) => b.onPresence(listener));
      leave();
      assert.equal(await offline, false);
      assert.equal(b.agentOnline, false);
    });
  });

describe('chat hub: an instance that dies with agents signed in (PostgreSQL)', { skip: postgresDatabase.skip }, () => {
  it('stops counting its agents once it is not heard from', async () => {
    const url = await (postgresDatabase.url as () => Promise<string>)();
    const dying = await postgresHubLink(url);
    const staying = await postgresHubLink(url);
    const a = new ChatHub({ link: dying });
    const b = new ChatHub({ link: staying, heartbeatMs: 50, presenceMs: 200 });
    try {
      const online = first<boolean>((listener) => b.onPresence(listener));
      a.agentJoined();
      assert.equal(await online, true);
      // Gone without a word (kill -9): no "0 agents" is ever sent.
      a.close();
      await dying.close();
      assert.equal(await first<boolean>((listener) => b.onPresence(listener)), false);
    } finally {
      b.close();
      await staying.close();
    }
  });
});

/** Two real instances on one PostgreSQL database: a reply through one reaches a visitor streaming from the other. */
describe('chat across two instances (PostgreSQL)', { skip: postgresDatabase.skip }, () => {
  let a: TestInstance;
  let b: TestInstance;
  before(async () => {
    const url = await (postgresDatabase.url as () => Promise<string>)();
    a = await startInstance(url, { chat: { agentPassword: 'Agent@2026' } });
    b = await startInstance(url, { chat: { agentPassword: 'Agent@2026' } });
  });
  after(async () => {
    await a?.close();
    await b?.close();
  });

  const origin = (instance: TestInstance) => `http://127.0.0.1:${instance.port}`;
  const agentCookie = async (instance: TestInstance) => {
    const res = await request(instance.port, '/chat/agent/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin(instance) },
      body: 'password=Agent%402026',
    });
    assert.equal(res.status, 303);
    return String(res.headers['set-cookie']?.[0]).split(';')[0] ?? '';
  };

  it("delivers an agent's reply posted through A to the visitor's stream on B within 1 s, and says the agent is online there", async () => {
    // Issued by A, taken by B: one secret.
    const visitor = await issuedVisitor(origin(a));
    const started = await request(b.port, '/api/chat/messages', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Chat-Visitor': visitor },
      body: JSON.stringify({ kind: 'text', text: '请问怎么下单？' }),
    });
    const conversationId = JSON.parse(started.body).result.conversationId as number;
    const stream = await openEventStream(b.port, '/api/chat/events', { 'X-Chat-Visitor': visitor });
    // The cookie of A is taken by B: one secret.
    const cookie = await agentCookie(a);
    const inbox = await openEventStream(a.port, '/chat/agent/api/events', { Cookie: cookie });
    try {
      await stream.waitFor((event) => event.event === 'presence' && (event.data as { online: boolean }).online, 1_000);
      const reply = await request(a.port, `/chat/agent/api/conversations/${conversationId}/messages`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: origin(a), Cookie: cookie },
        body: JSON.stringify({ text: '您好，在商品页点“立即订购”即可。' }),
      });
      assert.equal(reply.status, 200, reply.body);
      const sent = Date.now();
      await stream.waitFor(
        (event) => event.event === 'message' && (event.data as ChatMessage).text === '您好，在商品页点“立即订购”即可。',
        1_000,
      );
      assert.ok(Date.now() - sent < 1_000);
      assert.equal(
        JSON.parse((await request(b.port, '/api/chat/messages', { headers: { 'X-Chat-Visitor': visitor } })).body)
          .result.agentOnline,
        true,
      );
    } finally {
      stream.close();
      inbox.close();
    }
  });
});
