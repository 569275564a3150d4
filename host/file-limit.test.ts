import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { streamsInTotal } from '../backend/chat/stream-limits';
import { heldStream, visitorFrom } from '../backend/test-support/chat-visitor';
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

describe(`the built server at a file-descriptor limit of ${FILE_LIMIT}`, () => {
  it(`holds ${TOTAL} chat streams, refuses the next with 503, and still answers /healthz, /readyz and pages`, async () => {
    const held: Array<() => void> = [];
    try {
      const statuses: number[] = [];
      for (let i = 0; i < TOTAL; i++) {
        const from = ADDRESSES[i % (ADDRESSES.length - 1)] ?? '';
        statuses.push(await heldStream(portal.url, await visitorFrom(portal.url, from), from, held));
      }
      assert.deepEqual(
        statuses.filter((status) => status !== 200),
        [],
      );
      const last = ADDRESSES.at(-1) ?? '';
      assert.equal(await heldStream(portal.url, await visitorFrom(portal.url, last), last, held), 503);
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
