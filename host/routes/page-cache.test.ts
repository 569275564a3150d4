import assert from 'node:assert/strict';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestPortal, type TestPortal } from '../test-support/backend';
import { request } from '../test-support/server';

const FRESH_MS = 300;
let portal: TestPortal;
before(async () => {
  portal = await startTestPortal({ pageCache: { freshMs: FRESH_MS } });
});
after(() => portal.close());

const get = (path: string, headers: Record<string, string> = {}) => request(portal.port, path, { headers });
/** The bytes as sent, without decoding, for the given Accept-Encoding. */
const raw = (path: string, encoding: string) =>
  new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    httpGet({ host: '127.0.0.1', port: portal.port, path, headers: { 'Accept-Encoding': encoding } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ headers: answer.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
/** Asks again until the answer passes (a background render takes what it takes on a busy machine), for up to 5 s. */
async function eventually(path: string, passes: (answer: Awaited<ReturnType<typeof get>>) => boolean) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const answer = await get(path);
    if (passes(answer) || Date.now() > deadline) return answer;
    await sleep(20);
  }
}
const setSummary = (id: number, summary: string) =>
  portal.sqlite.prepare('UPDATE news SET summary = ? WHERE id = ?').run(summary, id);

describe('page cache', () => {
  it('answers a repeat visit by ETag with 304 and no body', async () => {
    const first = await get('/news/3');
    const etag = String(first.headers.etag);
    assert.match(etag, /^"[\w-]{20,}"$/);
    assert.equal((await get('/news/3')).headers.etag, etag);
    const again = await get('/news/3', { 'If-None-Match': etag });
    assert.equal(again.status, 304);
    assert.equal(again.body, '');
  });

  it('sends the same page brotli, gzip or plain, as the visitor accepts', async () => {
    const plain = await raw('/news/4', 'identity');
    const br = await raw('/news/4', 'br, gzip');
    const gz = await raw('/news/4', 'gzip');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.ok(br.body.length < plain.body.length / 3);
    assert.equal(brotliDecompressSync(br.body).toString(), plain.body.toString());
    assert.equal(gunzipSync(gz.body).toString(), plain.body.toString());
    assert.match(String(br.headers.vary), /Accept-Encoding/);
  });

  it('sends a kept page with the headers of the rendered answer, and no nonce in its CSP', async () => {
    const rendered = await raw('/news/2', 'gzip');
    const kept = await raw('/news/2', 'gzip');
    assert.equal(kept.headers.etag, rendered.headers.etag);
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'referrer-policy',
      'cross-origin-opener-policy',
    ]) {
      assert.ok(rendered.headers[name], `the rendered answer has ${name}`);
    }
    const csp = String(rendered.headers['content-security-policy']);
    assert.doesNotMatch(csp, /'nonce-/);
    const { date: _date, ...renderedHeaders } = rendered.headers;
    const { date: _date2, ...keptHeaders } = kept.headers;
    assert.deepEqual(keptHeaders, renderedHeaders);
  });

  it('honours a refused encoding (q=0) and answers HEAD without a body', async () => {
    await get('/news/1');
    assert.equal((await raw('/news/1', 'br;q=0, gzip')).headers['content-encoding'], 'gzip');
    assert.equal((await raw('/news/1', 'br;q=0, gzip;q=0')).headers['content-encoding'], undefined);
    const head = await request(portal.port, '/news/1', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.body, '');
  });

  it('serves a kept page while fresh, then once stale while it renders again', async () => {
    setSummary(5, '第一版摘要');
    await get('/news/type/1?page=1'); // unrelated address: not affected
    assert.match((await get('/news/5')).body, /第一版摘要/);
    setSummary(5, '第二版摘要');
    assert.match((await get('/news/5')).body, /第一版摘要/, 'fresh: kept');
    await sleep(FRESH_MS + 50);
    assert.match((await get('/news/5')).body, /第一版摘要/, 'stale: sent at once');
    const again = await eventually('/news/5', (answer) => /第二版摘要/.test(answer.body));
    assert.match(again.body, /第二版摘要/, 'rendered again in the background');
  });

  it('drops a page whose item is gone once it is stale', async () => {
    portal.sqlite
      .prepare('INSERT INTO info_pages (id, title, summary, content_html, published_at) VALUES (900, ?, ?, ?, ?)')
      .run('临时公告', '临时公告摘要', '<p>正文</p>', '2026-01-01T00:00:00+08:00');
    assert.equal((await get('/info/900')).status, 200);
    portal.sqlite.prepare('DELETE FROM info_pages WHERE id = 900').run();
    await sleep(FRESH_MS + 50);
    await get('/info/900');
    assert.equal((await eventually('/info/900', (answer) => answer.status === 404)).status, 404);
  });

  it('keeps mobile and desktop pages apart', async () => {
    const mobile = { 'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' };
    const desktop = await get('/news/6');
    const phone = await get('/news/6', mobile);
    assert.notEqual(desktop.headers.etag, phone.headers.etag);
    assert.equal((await get('/news/6', mobile)).headers.etag, phone.headers.etag);
  });

  it('keeps a page per host: a forged Host header changes nobody else’s page', async () => {
    const forged = await get('/news/8', { Host: 'evil.example' });
    assert.match(forged.body, /evil\.example/, 'the page names the host it was asked for');
    const real = await get('/news/8');
    assert.doesNotMatch(real.body, /evil\.example/);
  });

  it('answers a parameter the page does not read, or another spelling of its path, with the kept page', async () => {
    setSummary(9, '参数一');
    const kept = await get('/news/9');
    assert.match(kept.body, /参数一/);
    setSummary(9, '参数二');
    for (const path of ['/news/9?utm=1', '/news/9?page=2&id=x', '/NEWS/9/', '/News/9?x']) {
      const answer = await get(path);
      assert.equal(answer.status, 200, path);
      assert.equal(answer.headers.etag, kept.headers.etag, `${path} is the kept page`);
    }
  });

  it('keeps a list page per page number it reads, and answers a page past the last 404', async () => {
    const first = await get('/news?page=1');
    const second = await get('/news?page=2');
    assert.equal(second.status, 200);
    assert.notEqual(first.headers.etag, second.headers.etag);
    assert.equal((await get('/news?page=2&utm=1')).headers.etag, second.headers.etag);
    for (const path of ['/news?page=999', '/product?page=999', '/solution?page=50', '/cases?page=80'])
      assert.equal((await get(path)).status, 404, path);
  });

  it('keeps a search page once it is asked for again, not before', async () => {
    const db = portal.sqlite;
    db.prepare(
      "INSERT INTO search_index (type, ref, title, body) VALUES ('news', 99001, '缓存检验 alpha', '正文')",
    ).run();
    const retitle = (title: string) =>
      db.prepare('UPDATE search_index SET title = ? WHERE ref = 99001 AND type = ?').run(title, 'news');
    const search = '/searchRes?keyword=%E7%BC%93%E5%AD%98%E6%A3%80%E9%AA%8C';
    assert.match((await get(search)).body, /alpha/);
    retitle('缓存检验 bravo');
    assert.match((await get(`${search}&utm=1`)).body, /bravo/, 'asked once: rendered, not kept');
    retitle('缓存检验 charlie');
    assert.match((await get(search)).body, /bravo/, 'asked again: kept');
  });

  it('renders an administrator’s preview afresh every time', async () => {
    setSummary(7, '预览一');
    assert.match((await get('/news/7?preview=true')).body, /预览一/);
    setSummary(7, '预览二');
    assert.match((await get('/news/7?preview=true')).body, /预览二/);
  });
});

describe('page cache under junk addresses', () => {
  // Room for a few pages only: junk addresses that took places would push the kept page out.
  let small: TestPortal;
  before(async () => {
    small = await startTestPortal({ pageCache: { freshMs: 60_000, maxPages: 6 }, searchLimit: 3 });
  });
  after(() => small.close());
  const smallGet = (path: string, headers: Record<string, string> = {}) => request(small.port, path, { headers });

  it('keeps its pages through junk parameters, unknown ids, list pages past the last and strange hosts', async () => {
    small.sqlite.prepare('UPDATE news SET summary = ? WHERE id = 3').run('留存摘要一');
    assert.match((await smallGet('/news/3')).body, /留存摘要一/);
    small.sqlite.prepare('UPDATE news SET summary = ? WHERE id = 3').run('留存摘要二');
    for (let i = 0; i < 12; i++) {
      await smallGet(`/?id=${i}x${Math.random()}`);
      await smallGet(`/news/3?junk=${i}`);
      assert.equal((await smallGet(`/news/${90_000 + i}`)).status, 404);
      assert.equal((await smallGet(`/product?page=${500 + i}`)).status, 404);
      await smallGet('/about', { Host: `junk${i}.example` });
    }
    assert.match((await smallGet('/news/3')).body, /留存摘要一/, 'still the kept page');
  });

  it('keeps the pages of its own address however many other hosts were asked for first', async () => {
    const fresh = await startTestPortal({ pageCache: { freshMs: 60_000, maxPages: 20 } });
    try {
      // Forged Host headers before anyone reached the site by its own address.
      for (let i = 0; i < 6; i++) await request(fresh.port, '/about', { headers: { Host: `forged${i}.example` } });
      for (const host of ['127.0.0.1', 'localhost']) {
        const address = { Host: `${host}:${fresh.port}` };
        fresh.sqlite.prepare('UPDATE news SET summary = ? WHERE id = 3').run(`${host} 之前`);
        assert.match((await request(fresh.port, '/news/3', { headers: address })).body, new RegExp(`${host} 之前`));
        fresh.sqlite.prepare('UPDATE news SET summary = ? WHERE id = 3').run(`${host} 之后`);
        const again = await request(fresh.port, '/news/3', { headers: address });
        assert.match(again.body, new RegExp(`${host} 之前`), `the page under ${host} is kept`);
      }
      // The machine's names on other ports, or under made-up subdomains, are not its own
      // address: kept for each, they would push the real pages out (20 places here).
      fresh.sqlite.prepare('UPDATE news SET summary = ? WHERE id = 3').run('最后一次');
      for (let i = 0; i < 30; i++) {
        const host = i % 2 ? `localhost:${10_000 + i}` : `x${i}.localhost:${fresh.port}`;
        await request(fresh.port, '/about', { headers: { Host: host } });
      }
      const kept = await request(fresh.port, '/news/3', { headers: { Host: `localhost:${fresh.port}` } });
      assert.match(kept.body, /localhost 之前/, 'still kept');
    } finally {
      await fresh.close();
    }
  });

  it('keeps its pages however many searches are asked for twice', async () => {
    // Room for one kept search page beside the site's own.
    const roomy = await startTestPortal({ pageCache: { freshMs: 60_000, maxPages: 10 }, searchLimit: 1000 });
    try {
      const roomyGet = (path: string) => request(roomy.port, path);
      const pages = ['/news/3', '/news/4', '/about', '/cases'];
      const first = await Promise.all(pages.map(roomyGet));
      roomy.sqlite.prepare("UPDATE news SET summary = '换过的摘要'").run();
      for (let i = 0; i < 12; i++) {
        await roomyGet(`/searchRes?keyword=w${i}`);
        await roomyGet(`/searchRes?keyword=w${i}`);
      }
      for (const [index, path] of pages.entries())
        assert.equal((await roomyGet(path)).headers.etag, first[index]?.headers.etag, `${path} still kept`);
    } finally {
      roomy.close();
    }
  });

  it('counts searches not kept against the limit, not a kept one past its fresh time', async () => {
    // Fresh for a moment only: every answer after the second is a kept page past its fresh time.
    const searcher = await startTestPortal({ pageCache: { freshMs: 1, maxPages: 20 }, searchLimit: 3 });
    try {
      const statuses = [];
      for (let i = 0; i < 20; i++) statuses.push((await request(searcher.port, '/searchRes?keyword=MES')).status);
      assert.deepEqual(statuses, Array(20).fill(200));
      // Words not kept still count: with MES's first two asks, the limit is spent after one more.
      assert.equal((await request(searcher.port, '/searchRes?keyword=k1')).status, 200);
      assert.equal((await request(searcher.port, '/searchRes?keyword=k2')).status, 429);
    } finally {
      searcher.close();
    }
  });

  it('limits search pages per address, with the 429 page in Chinese', async () => {
    for (let i = 0; i < 3; i++) assert.equal((await smallGet(`/searchRes?keyword=k${i}`)).status, 200);
    const refused = await smallGet('/searchRes?keyword=again');
    assert.equal(refused.status, 429);
    assert.match(refused.body, /请求过于频繁，请稍后再试/);
    assert.ok(refused.headers['retry-after'] ?? refused.headers.ratelimit, 'says when to come back');
    assert.equal((await smallGet('/news/3')).status, 200, 'other pages are not limited');
  });
});
