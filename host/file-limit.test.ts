import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { streamsInTotal } from '../backend/chat/stream-limits';
import { type PortalProcess, startPortalProcess } from '../e2e/portal-process';
import { request } from './test-support/server';

/**
 * The built server on a small machine's file-descriptor limit, with the chat's
 * streams at their total (issue: 20,000 streams from one address used every
 * descriptor, and then `/healthz`, the pages and the console refused every
 * connection). The total is what the limit leaves room for: at it, the next
 * stream is a 503 and everything else still answers.
 */
const FILE_LIMIT = 700;
const TOTAL = streamsInTotal(FILE_LIMIT);
/** Visitors' addresses: each within its share of streams (100) and of visitor ids (100 an hour). */
const ADDRESSES = Array.from({ length: 6 }, (_, i) => `127.0.0.${40 + i}`);

let portal: PortalProcess;
let port: number;
before(async () => {
  portal = await startPortalProcess(3, { fileLimit: FILE_LIMIT, env: { CHAT_VISITORS_PER_ADDRESS: '' } });
  port = Number(new URL(portal.url).port);
});
after(() => portal?.stop());

const post = (path: string, from: string) =>
  request(port, path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}', from });

/** Opens a stream from `from`; resolves with its status once the answer's head arrives, the socket kept open. */
function openStream(visitor: string, from: string, held: Array<() => void>) {
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: '/api/chat/events', headers: { 'X-Chat-Visitor': visitor }, localAddress: from },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end();
    held.push(() => req.destroy());
  });
}

describe(`the built server at a file-descriptor limit of ${FILE_LIMIT}`, () => {
  it(`holds ${TOTAL} chat streams, refuses the next with 503, and still answers /healthz, /readyz and pages`, async () => {
    const held: Array<() => void> = [];
    try {
      const statuses: number[] = [];
      for (let i = 0; i < TOTAL; i++) {
        const from = ADDRESSES[i % (ADDRESSES.length - 1)] ?? '';
        const issued = await post('/api/chat/visitors', from);
        assert.equal(issued.status, 200, issued.body);
        statuses.push(await openStream(JSON.parse(issued.body).result.visitor, from, held));
      }
      assert.deepEqual(
        statuses.filter((status) => status !== 200),
        [],
      );
      const last = ADDRESSES.at(-1) ?? '';
      const visitor = JSON.parse((await post('/api/chat/visitors', last)).body).result.visitor;
      assert.equal(await openStream(visitor, last, held), 503);
      assert.equal((await request(port, '/healthz', { from: last })).status, 200);
      assert.equal((await request(port, '/readyz', { from: last })).status, 200);
      assert.equal((await request(port, '/', { from: last })).status, 200);
      assert.equal((await request(port, '/product', { from: last })).status, 200);
      await portal.logLine(/Chat streams refused from 127\.0\.0\.45: the total limit/);
    } finally {
      for (const close of held) close();
    }
  });
});
