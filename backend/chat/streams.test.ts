import assert from 'node:assert/strict';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { request } from '../../test-support/http';
import { startTestPortal, type TestPortal } from '../../test-support/portal';
import { issuedVisitor } from '../test-support/chat-visitor';
import { ChatStore } from './store';
import { MAX_STREAMS_IN_TOTAL, openFileLimit, streamsInTotal } from './stream-limits';

/**
 * The chat's live streams are bounded (issue: 20,000 streams from one address
 * with made-up visitor ids used every file descriptor): visitor ids are issued
 * and signed by the service, and streams are limited per visitor, per address
 * and in all, each refusal a 429 or 503 with Retry-After, logged once a minute
 * per address; quiet streams end.
 */

/** An open stream, or the refusal, from a loopback address of its own (`from`: another visitor's network). */
function stream(port: number, headers: Record<string, string>, from = '127.0.0.1') {
  return new Promise<{ response: IncomingMessage; body: () => Promise<string>; close: () => void }>(
    (resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/api/chat/events', headers, localAddress: from });
      req.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        const ended = new Promise<string>((done) => {
          response.on('end', () => done(text));
          response.on('close', () => done(text));
        });
        resolve({ response, body: () => ended, close: () => req.destroy() });
      });
      req.on('error', reject);
      req.end();
    },
  );
}

const warnings: Array<{ fields: object; message: string }> = [];
let portal: TestPortal;
before(async () => {
  portal = await startTestPortal({
    chat: {
      visitorsPerAddress: 12,
      conversationsPerAddress: 100,
      streamLimits: { perVisitor: 2, perAddress: 3, total: 5, idleMs: 60_000 },
    },
    log: { error: () => {}, warn: (fields, message) => warnings.push({ fields, message }) },
  });
});
after(() => portal.close());

describe('chat visitor ids', () => {
  it('a made-up or forged id is refused with the code that asks for a new one; an issued one is taken', async () => {
    const issued = await issuedVisitor(portal.origin);
    assert.match(issued, /^[\w-]{22,64}\.[\w-]{22}$/);
    const history = (visitor: string) =>
      request(portal.port, '/api/chat/messages', { headers: { 'X-Chat-Visitor': visitor } });
    assert.equal((await history(issued)).status, 200);
    const [secret] = issued.split('.');
    for (const made of ['x'.repeat(32), `${secret}.${'A'.repeat(22)}`, `${'y'.repeat(24)}.${issued.split('.')[1]}`]) {
      const refused = await history(made);
      assert.equal(refused.status, 401, made);
      assert.equal(JSON.parse(refused.body).code, 'E0401V');
    }
  });

  it('a browser that kept an unsigned id with a conversation keeps it, signed; one without gets a new id', async () => {
    const kept = 'k'.repeat(30);
    await new ChatStore(portal.backend.db).open({ kind: 'anonymous', secret: kept }, portal.origin);
    const ask = async (previous: string) =>
      JSON.parse(
        (
          await request(portal.port, '/api/chat/visitors', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ previous }),
            from: '127.0.0.9',
          })
        ).body,
      ).result.visitor as string;
    assert.ok((await ask(kept)).startsWith(`${kept}.`));
    assert.ok(!(await ask('n'.repeat(30))).startsWith('nnnn'));
  });

  it('one address is issued a bounded number of ids; another address is not refused', async () => {
    const from = '127.0.0.10';
    const issue = (address: string) =>
      request(portal.port, '/api/chat/visitors', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
        from: address,
      });
    for (let i = 0; i < 12; i++) assert.equal((await issue(from)).status, 200);
    const refused = await issue(from);
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.equal((await issue('127.0.0.11')).status, 200);
  });
});

describe('chat stream limits', () => {
  it('per visitor, per address and in all: 429 or 503 with Retry-After, counted, logged once per address; /healthz answers', async () => {
    const open: Array<{ close: () => void }> = [];
    try {
      const visitor = await issuedVisitor(portal.origin);
      const mine = { 'X-Chat-Visitor': visitor };
      for (let i = 0; i < 2; i++) {
        const held = await stream(portal.port, mine, '127.0.0.20');
        assert.equal(held.response.statusCode, 200);
        open.push(held);
      }
      // A third tab of the same visitor, even from another address.
      const third = await stream(portal.port, mine, '127.0.0.21');
      assert.equal(third.response.statusCode, 429);
      assert.equal(third.response.headers['retry-after'], '30');
      assert.match(JSON.parse(await third.body()).msg, /聊天窗口过多/);

      // The address's third stream (another visitor) is its last; the fourth is refused.
      const other = { 'X-Chat-Visitor': await issuedVisitor(portal.origin) };
      open.push(await stream(portal.port, other, '127.0.0.20'));
      const crowded = await stream(portal.port, { 'X-Chat-Visitor': await issuedVisitor(portal.origin) }, '127.0.0.20');
      assert.equal(crowded.response.statusCode, 429);
      await crowded.body();
      const again = await stream(portal.port, { 'X-Chat-Visitor': await issuedVisitor(portal.origin) }, '127.0.0.20');
      assert.equal(again.response.statusCode, 429);
      await again.body();

      // Another address is not refused, until the instance holds its total.
      for (const from of ['127.0.0.22', '127.0.0.23']) {
        const held = await stream(portal.port, { 'X-Chat-Visitor': await issuedVisitor(portal.origin) }, from);
        assert.equal(held.response.statusCode, 200, from);
        open.push(held);
      }
      const full = await stream(portal.port, { 'X-Chat-Visitor': await issuedVisitor(portal.origin) }, '127.0.0.24');
      assert.equal(full.response.statusCode, 503);
      assert.ok(Number(full.response.headers['retry-after']) > 0);
      await full.body();
      assert.equal((await request(portal.port, '/healthz')).status, 200);

      assert.deepEqual(portal.backend.chatStreams.refused, { visitor: 1, address: 2, total: 1 });
      // Two refusals from 127.0.0.20 are one line; one each from .21 and .24.
      const lines = warnings.filter((w) => /Chat streams refused/.test(w.message));
      assert.deepEqual(lines.map((w) => (w.fields as { address: string }).address).sort(), [
        '127.0.0.20',
        '127.0.0.21',
        '127.0.0.24',
      ]);

      // A closed stream makes room again.
      open.pop()?.close();
      await waitUntil(() => portal.backend.chatStreams.size < 5);
      const room = await stream(portal.port, { 'X-Chat-Visitor': await issuedVisitor(portal.origin) }, '127.0.0.24');
      assert.equal(room.response.statusCode, 200);
      open.push(room);
    } finally {
      for (const held of open) held.close();
    }
  });

  it('a stream with no message for the idle time says idle and ends', async () => {
    const quiet = await startTestPortal({ chat: { streamLimits: { idleMs: 300 } } });
    try {
      const visitor = await issuedVisitor(quiet.origin);
      const held = await stream(quiet.port, { 'X-Chat-Visitor': visitor });
      assert.equal(held.response.statusCode, 200);
      assert.match(await held.body(), /event: idle\n/);
    } finally {
      await quiet.close();
    }
  });
});

describe('the total from the file-descriptor limit', () => {
  it('reads the soft limit from /proc/self/limits and leaves a quarter (at least 256) for everything else', () => {
    const limits = (soft: number) =>
      `Limit                     Soft Limit           Hard Limit           Units\nMax open files            ${soft}                ${soft}                files\n`;
    assert.equal(openFileLimit(limits(1024)), 1024);
    assert.equal(openFileLimit('nothing here'), undefined);
    assert.equal(streamsInTotal(1024), 768);
    assert.equal(streamsInTotal(700), 444);
    assert.equal(streamsInTotal(20_000), 15_000);
    assert.equal(streamsInTotal(1_048_576), MAX_STREAMS_IN_TOTAL);
    assert.equal(streamsInTotal(undefined), MAX_STREAMS_IN_TOTAL);
    assert.equal(streamsInTotal(100), 0);
    // This process's own limit, as Linux says it.
    assert.ok((openFileLimit() ?? 0) > 0);
  });
});

async function waitUntil(done: () => boolean) {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.ok(done());
}
