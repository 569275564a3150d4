import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import express from 'express';
import { searchApiRateLimit } from './rate-limit';

/**
 * A refusal is told to the log once a minute per address and limit (README,
 * Limits): the operator sees who is refused and until when, and a flood is one
 * line, not a line a request.
 */
const LIMIT = 2;
const logged: Array<{ fields: Record<string, unknown>; message: string }> = [];
let server: ReturnType<ReturnType<typeof express>['listen']>;
let port: number;

before(async () => {
  const app = express();
  app.set('trust proxy', 'loopback');
  app.use((req, _res, next) => {
    (req as unknown as { log: unknown }).log = {
      warn: (fields: Record<string, unknown>, message: string) => logged.push({ fields, message }),
    };
    next();
  });
  app.get('/api/search', searchApiRateLimit(LIMIT), (_req, res) => void res.json({ ok: true }));
  await new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
});
after(() => server.close());

const search = (from: string) =>
  fetch(`http://127.0.0.1:${port}/api/search?keyword=x`, { headers: { 'X-Forwarded-For': from } }).then(
    (res) => res.status,
  );

describe('refusals told to the log', () => {
  it('tells one line per address and limit, naming both and when it may come back', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 5; i++) statuses.push(await search('203.0.113.7'));
    assert.deepEqual(statuses, [...Array(LIMIT).fill(200), ...Array(5).fill(429)]);
    assert.equal(logged.length, 1, JSON.stringify(logged));
    const [line] = logged;
    assert.equal(line?.fields.limit, 'search api');
    assert.equal(line?.fields.address, '203.0.113.7');
    assert.ok(Number(line?.fields.retryAfter) > 0);
    assert.match(line?.message ?? '', /203\.0\.113\.7/);

    // Another address refused is a line of its own.
    for (let i = 0; i < LIMIT + 2; i++) await search('203.0.113.8');
    assert.deepEqual(
      logged.map((entry) => entry.fields.address),
      ['203.0.113.7', '203.0.113.8'],
    );
  });
});
