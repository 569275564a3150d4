import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestPortal, type TestPortal } from '../test-support/backend';
import { type RawResponse, request } from '../test-support/server';

/**
 * Answers that cannot be kept cost work every time, so each has a per-address
 * allowance (low here, through the settings): one address flooding them gets
 * 429 with Retry-After, while another address, and kept pages and files, are
 * answered as before. Each case floods from an address of its own on the loopback.
 */
const LIMIT = 5;
let portal: TestPortal;
before(async () => {
  portal = await startTestPortal({
    renderLimit: LIMIT,
    notFoundLimit: LIMIT,
    searchLimit: LIMIT,
    // Every kept page is stale at once: asked for again, it goes through the routes
    // (and their limits) instead of being answered before them.
    pageCache: { freshMs: 1 },
  });
});
after(() => portal.close());

const get = (from: string, path: string, headers: Record<string, string> = {}) =>
  request(portal.port, path, { from, headers });

/** The statuses of `count` requests from one address, one after another. */
async function statuses(count: number, ask: (index: number) => Promise<RawResponse>): Promise<number[]> {
  const answers: number[] = [];
  for (let index = 0; index < count; index++) answers.push((await ask(index)).status);
  return answers;
}

function assertRefusedPage(answer: RawResponse) {
  assert.equal(answer.status, 429);
  assert.ok(Number(answer.headers['retry-after']) > 0, `Retry-After: ${answer.headers['retry-after']}`);
  assert.match(String(answer.headers['content-type']), /text\/html/);
  assert.match(answer.body, /请求过于频繁/);
  assert.ok(Buffer.byteLength(answer.body) < 1024, 'a small page, not a rendered one');
}

describe('per-address limits on answers that cannot be kept', () => {
  it('answers an address past its 404s with 429, and another address still with 404', async () => {
    const flood = '127.0.0.2';
    assert.deepEqual(await statuses(LIMIT, (i) => get(flood, `/no-such-page-${i}`)), Array(LIMIT).fill(404));
    assertRefusedPage(await get(flood, '/no-such-page-again'));
    assertRefusedPage(await get(flood, '/product/999999'));
    assert.equal((await get('127.0.0.3', '/no-such-page-again')).status, 404);
    // What is kept, and the files, are answered to the flooding address all the same.
    assert.equal((await get(flood, '/error-return.js')).status, 200);
    assert.equal((await get('127.0.0.3', '/about')).status, 200);
    assert.equal((await get(flood, '/about')).status, 200);
  });

  it('limits the pages rendered for one address (a form, pages for host names not kept)', async () => {
    assert.deepEqual(await statuses(LIMIT, () => get('127.0.0.4', '/feedback')), Array(LIMIT).fill(200));
    assertRefusedPage(await get('127.0.0.4', '/feedback'));
    assert.equal((await get('127.0.0.5', '/feedback')).status, 200);

    // Made-up Host headers: a page each (the first few host names are kept, the rest never).
    const forged = (i: number) => ({ Host: `forged-${i}.example` });
    assert.deepEqual(await statuses(LIMIT, (i) => get('127.0.0.6', '/about', forged(i))), Array(LIMIT).fill(200));
    assertRefusedPage(await get('127.0.0.6', '/about', forged(LIMIT)));
    assert.equal((await get('127.0.0.7', '/about', forged(LIMIT))).status, 200);
  });

  it('never limits a kept page, however often one address asks for it', async () => {
    const visitor = '127.0.0.8';
    const kept = await statuses(4 * LIMIT, (i) => get(visitor, i % 2 ? '/news/1' : `/?utm_source=${i}`));
    assert.deepEqual(kept, Array(4 * LIMIT).fill(200));
  });

  it('limits searches per address, on the page and in the API', async () => {
    const api = (from: string, i: number) => get(from, `/api/search?keyword=${encodeURIComponent(`工业${i}`)}`);
    assert.deepEqual(await statuses(LIMIT, (i) => api('127.0.0.9', i)), Array(LIMIT).fill(200));
    const refused = await api('127.0.0.9', LIMIT);
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.deepEqual(JSON.parse(refused.body), { code: 'E0429', msg: '请求过于频繁，请稍后再试', status: 429 });
    assert.equal((await api('127.0.0.10', LIMIT)).status, 200);

    const page = (from: string, i: number) => get(from, `/searchRes?keyword=word${i}`);
    assert.deepEqual(await statuses(LIMIT, (i) => page('127.0.0.11', i)), Array(LIMIT).fill(200));
    assertRefusedPage(await page('127.0.0.11', LIMIT));
    assert.equal((await page('127.0.0.12', LIMIT)).status, 200);
  });
});
