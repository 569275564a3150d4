import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { request } from '../../test-support/http';
import { startTestPortal, type TestPortal } from '../../test-support/portal';
import { issuedVisitor, visitorFrom } from '../test-support/chat-visitor';
import { postgresDatabase, testDatabases } from '../test-support/databases';

/**
 * New conversations are counted per visitor (the signed id the service issued),
 * with a ceiling per address high enough for an office whose colleagues share
 * one address. A visitor has one conversation: what its own limit counts are its
 * tries at starting it (each refused one too).
 */
const PARTNER = 'http://partner.example:8080';
const WAIT_WORDS = /^新会话过多，请约 (\d+) 分钟后再试$/;

const sendTo = (port: number, visitor: string, body: unknown, headers: Record<string, string> = {}) =>
  request(port, '/api/chat/messages', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Chat-Visitor': visitor, ...headers },
    body: JSON.stringify(body),
  });
const hello = { kind: 'text', text: '你好，想咨询一下' };
const unknownCard = { kind: 'card', card: { type: 1, associationNo: 'NO-SUCH-PRODUCT' } };

/** A refusal that says when to try again: the words, and Retry-After for a page that reads it. */
function assertSaysWhen(answer: { status: number; headers: Record<string, unknown>; body: string }, atMost: number) {
  assert.equal(answer.status, 429, answer.body);
  const minutes = Number(WAIT_WORDS.exec(JSON.parse(answer.body).msg)?.[1]);
  assert.ok(minutes >= 1 && minutes <= atMost, JSON.parse(answer.body).msg);
  const seconds = Number(answer.headers['retry-after']);
  assert.ok(seconds > 0 && seconds <= atMost * 60, `Retry-After ${seconds}`);
  assert.equal(minutes, Math.ceil(seconds / 60), 'the words and the header say the same wait');
}

for (const target of testDatabases) {
  describe(`chat conversation limits with the default settings (${target.name})`, { skip: target.skip }, () => {
    let portal: TestPortal;
    before(async () => {
      portal = await startTestPortal({ databaseUrl: await target.url?.(), chat: { partnerOrigins: [PARTNER] } });
    });
    after(() => portal.close());

    it('colleagues behind one office address each start a conversation', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++)
        statuses.push((await sendTo(portal.port, await issuedVisitor(portal.origin), hello)).status);
      assert.deepEqual(statuses, Array(12).fill(200));
    });

    it('one visitor past its own limit is refused, told when to try again; the next colleague is not', async () => {
      const visitor = await issuedVisitor(portal.origin);
      // Five tries that start nothing (a card of no product), then the sixth is one too many.
      for (let i = 0; i < 5; i++) assert.equal((await sendTo(portal.port, visitor, unknownCard)).status, 400);
      const refused = await sendTo(portal.port, visitor, hello, { Origin: PARTNER });
      assertSaysWhen(refused, 10);
      // A page on a partner's site reads the wait too.
      assert.match(String(refused.headers['access-control-expose-headers']), /Retry-After/i);
      assert.equal((await sendTo(portal.port, await issuedVisitor(portal.origin), hello)).status, 200);
    });
  });
}

describe('chat conversation limits: the ceiling per address', () => {
  let portal: TestPortal;
  before(async () => {
    portal = await startTestPortal({
      chat: { conversationsPerAddress: 4, conversationsPerVisitor: 2, visitorsPerAddress: 8 },
    });
  });
  after(() => portal.close());

  it('a fresh visitor id for each try gets no further than the address ceiling; conversations started go on', async () => {
    const from = '127.0.0.3';
    const started: string[] = [];
    for (let i = 0; i < 4; i++) {
      const visitor = await visitorFrom(portal.origin, from);
      assert.equal((await request(portal.port, '/api/chat/messages', sendFrom(visitor, from))).status, 200);
      started.push(visitor);
    }
    const refused = await request(
      portal.port,
      '/api/chat/messages',
      sendFrom(await visitorFrom(portal.origin, from), from),
    );
    assertSaysWhen(refused, 10);
    assert.equal((await request(portal.port, '/api/chat/messages', sendFrom(started[0] ?? '', from))).status, 200);
    // Another address is not held by this one's ceiling.
    const elsewhere = await visitorFrom(portal.origin, '127.0.0.4');
    assert.equal((await request(portal.port, '/api/chat/messages', sendFrom(elsewhere, '127.0.0.4'))).status, 200);
    // And fresh ids themselves run out: the id route keeps its own allowance per address.
    for (let i = 0; i < 3; i++) await visitorFrom(portal.origin, from);
    await assert.rejects(visitorFrom(portal.origin, from), /no visitor id for 127\.0\.0\.3: 429/);
  });
});

function sendFrom(visitor: string, from: string) {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Chat-Visitor': visitor },
    body: JSON.stringify(hello),
    from,
  };
}

/** Two instances on one PostgreSQL database, as behind a load balancer: a visitor's tries count on both. */
describe('chat conversation limits across two instances (PostgreSQL)', { skip: postgresDatabase.skip }, () => {
  let a: TestPortal;
  let b: TestPortal;
  before(async () => {
    const url = await (postgresDatabase.url as () => Promise<string>)();
    const instance = () =>
      startTestPortal({
        databaseUrl: url,
        sessionSecret: 'the same secret on every instance of this test, 32+ characters',
        chat: { conversationsPerVisitor: 3, conversationsPerAddress: 4 },
        pageCache: false,
      });
    a = await instance();
    b = await instance();
  });
  after(async () => {
    await a?.close();
    await b?.close();
  });

  it("counts one visitor's tries, and the address's new conversations, on both", async () => {
    const visitor = await issuedVisitor(a.origin);
    const statuses: number[] = [];
    for (const instance of [a, b, a, b]) statuses.push((await sendTo(instance.port, visitor, unknownCard)).status);
    assert.deepEqual(statuses, [400, 400, 400, 429]);
    // The address has had three tries: one more conversation on either, then none.
    assert.equal((await sendTo(b.port, await issuedVisitor(b.origin), hello)).status, 200);
    assertSaysWhen(await sendTo(a.port, await issuedVisitor(a.origin), hello), 10);
  });
});
