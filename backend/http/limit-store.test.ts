import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { request } from '../../test-support/http';
import type { PortalDatabase } from '../db/connection';
import { issuedVisitor } from '../test-support/chat-visitor';
import { postgresDatabase, testDatabases } from '../test-support/databases';
import { startInstance, type TestInstance } from '../test-support/instances';
import { databaseLimits } from './limit-store';

for (const database of testDatabases)
  describe(`rate-limit counts in the database (${database.name})`, { skip: database.skip }, () => {
    let opened: PortalDatabase;
    let now = 1_000_000;
    before(async () => {
      opened = await database.open();
    });
    after(() => opened?.close());

    const storeOf = (name: string, windowMs = 60_000) => {
      const store = databaseLimits(opened.db, () => now)(name);
      assert.ok(store);
      store.init?.({ windowMs } as never);
      return store;
    };

    it('counts each hit, and starts again once the window has passed', async () => {
      const store = storeOf('feedback');
      assert.equal((await store.increment('1.2.3.4')).totalHits, 1);
      const second = await store.increment('1.2.3.4');
      assert.equal(second.totalHits, 2);
      assert.equal(second.resetTime?.getTime(), now + 60_000);
      now += 60_000;
      assert.equal((await store.increment('1.2.3.4')).totalHits, 1);
    });

    it('takes back a hit (a successful sign-in) and forgets a key', async () => {
      const store = storeOf('sign-in');
      await store.increment('demo');
      await store.increment('demo');
      await store.decrement('demo');
      assert.equal((await store.get?.('demo'))?.totalHits, 1);
      await store.resetKey('demo');
      assert.equal(await store.get?.('demo'), undefined);
    });

    it('keeps two limiters apart, and two stores of one limiter together (two instances)', async () => {
      const a = storeOf('search');
      const b = storeOf('search');
      await a.increment('5.6.7.8');
      assert.equal((await b.increment('5.6.7.8')).totalHits, 2);
      assert.equal((await storeOf('chat').increment('5.6.7.8')).totalHits, 1);
    });
  });

/** Two instances on one PostgreSQL database, as behind a load balancer: each limit is one for both. */
describe('per-address limits across two instances (PostgreSQL)', { skip: postgresDatabase.skip }, () => {
  let a: TestInstance;
  let b: TestInstance;
  before(async () => {
    const url = await (postgresDatabase.url as () => Promise<string>)();
    a = await startInstance(url, { feedbackLimit: 5, chat: { messagesPerMinute: 3 } });
    b = await startInstance(url, { feedbackLimit: 5, chat: { messagesPerMinute: 3 } });
  });
  after(async () => {
    await a?.close();
    await b?.close();
  });

  const feedback = (instance: TestInstance) =>
    request(instance.port, '/feedback', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        topic: 'website',
        content: '两个实例共用一个提交次数。',
        contactName: '王工',
        contact: '13800001234',
      }).toString(),
    });

  it('refuses the sixth feedback post within ten minutes, whichever instance takes it', async () => {
    const statuses: number[] = [];
    for (const instance of [a, b, a, b, a]) statuses.push((await feedback(instance)).status);
    assert.deepEqual(statuses, [303, 303, 303, 303, 303]);
    assert.equal((await feedback(b)).status, 429);
    assert.equal((await feedback(a)).status, 429);
  });

  it("counts a chat visitor's messages on both", async () => {
    const visitor = await issuedVisitor(`http://127.0.0.1:${a.port}`);
    const send = (instance: TestInstance) =>
      request(instance.port, '/api/chat/messages', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Chat-Visitor': visitor },
        body: JSON.stringify({ kind: 'text', text: '你好' }),
      });
    const statuses = [];
    for (const instance of [a, b, a, b]) statuses.push((await send(instance)).status);
    assert.deepEqual(statuses, [200, 200, 200, 429]);
  });
});
