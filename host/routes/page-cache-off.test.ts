import assert from 'node:assert/strict';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestPortal, type TestPortal } from '../test-support/backend';
import { request } from '../test-support/server';

/** PAGE_CACHE=off: every page is rendered for its request, with the headers a kept page has. */
let portal: TestPortal;
before(async () => {
  portal = await startTestPortal({ pageCache: 'off' });
});
after(() => portal.close());

const get = (path: string, headers: Record<string, string> = {}) => request(portal.port, path, { headers });
const raw = (path: string, encoding: string) =>
  new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    httpGet({ host: '127.0.0.1', port: portal.port, path, headers: { 'Accept-Encoding': encoding } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ headers: answer.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
const setSummary = (id: number, summary: string) =>
  portal.sqlite.prepare('UPDATE news SET summary = ? WHERE id = ?').run(summary, id);

describe('PAGE_CACHE=off', () => {
  it('renders every request: a change shows on the next view, nothing is kept', async () => {
    setSummary(5, '第一版摘要');
    assert.match((await get('/news/5')).body, /第一版摘要/);
    setSummary(5, '第二版摘要');
    // A kept page would still be the first version for its fresh time (10 s by default).
    assert.match((await get('/news/5')).body, /第二版摘要/);
    assert.match((await get('/news/5?utm=1')).body, /第二版摘要/);
  });

  it('sends an ETag, answers If-None-Match with 304, and says no-cache', async () => {
    const first = await get('/news/3');
    assert.equal(first.status, 200);
    assert.match(String(first.headers.etag), /^"[^"]+"$/);
    assert.equal(first.headers['cache-control'], 'no-cache');
    const again = await get('/news/3', { 'If-None-Match': String(first.headers.etag) });
    assert.equal(again.status, 304);
    assert.equal(again.body, '');
  });

  it('sends the security headers and a CSP that allows the page’s styles and inline script by hash', async () => {
    const page = await raw('/', 'gzip');
    const csp = String(page.headers['content-security-policy']);
    // The head's inline script and the cookie notice's.
    assert.match(csp, /script-src 'self' 'nonce-[^']+'(?: 'sha256-[^']+'){2};/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    for (const name of ['x-content-type-options', 'referrer-policy', 'cross-origin-opener-policy'])
      assert.ok(page.headers[name], `the answer has ${name}`);
    const html = gunzipSync(page.body).toString();
    assert.match(html, /^<!doctype html>/);
  });

  it('compresses as asked, the same page each way, and varies by encoding and device', async () => {
    const plain = await raw('/news/4', 'identity');
    const br = await raw('/news/4', 'br, gzip');
    const gz = await raw('/news/4', 'gzip');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(brotliDecompressSync(br.body).toString(), plain.body.toString());
    assert.equal(gunzipSync(gz.body).toString(), plain.body.toString());
    // Phones get their own page (no sign-in element): a shared cache must not give them the desktop one.
    for (const answer of [plain, br, gz]) {
      assert.match(String(answer.headers.vary), /Accept-Encoding/);
      assert.match(String(answer.headers.vary), /User-Agent/);
    }
  });
});
