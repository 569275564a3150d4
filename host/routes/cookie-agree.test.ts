import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { startTestPortal, type TestPortal } from '../test-support/backend';
import { request } from '../test-support/server';

let portal: TestPortal;
before(async () => {
  portal = await startTestPortal();
});
after(() => portal.close());

const agree = (fields: Record<string, string> | string, headers: Record<string, string> = {}) =>
  request(portal.port, '/cookie-agree', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
  });

const NOTICE = '<div id="cookie-notice">';

describe('POST /cookie-agree (同意 without scripts)', () => {
  it('sets cookie-agree=true as the element does and sends the visitor back to the page', async () => {
    for (const back of [
      '/',
      '/product/1',
      '/news?page=2',
      '/searchRes?keyword=%E7%94%B5%E6%B1%A0&type=1',
      '/help?id=49#top',
    ])
      await (async () => {
        const answer = await agree({ back }, { Origin: portal.origin });
        assert.equal(answer.status, 303, back);
        assert.equal(answer.headers.location, back);
        const cookie = String(answer.headers['set-cookie']);
        assert.match(cookie, /^cookie-agree=true; /, back);
        assert.match(cookie, /Path=\//);
        assert.match(cookie, /Max-Age=31536000/);
        assert.match(cookie, /SameSite=Lax/);
        assert.doesNotMatch(cookie, /HttpOnly/, 'the element reads it too');
      })();
  });

  it('takes a post without an Origin header (older browsers send none)', async () => {
    const answer = await agree({ back: '/about' });
    assert.equal(answer.status, 303);
    assert.equal(answer.headers.location, '/about');
  });

  it('refuses any return address that is not a path of this site with a clear 400 and no cookie', async () => {
    const hostile = [
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '///evil.example',
      '/.//evil.example',
      '/a/..//evil.example',
      '/%2F%2Fevil.example',
      '/%5Cevil.example',
      'javascript:alert(1)',
      'evil.example',
      '',
      ' /',
      '/a b',
      '/<script>alert(1)</script>',
      '/"onmouseover="x',
      '/\r\nSet-Cookie: x=1',
      '/中文',
      `/${'a'.repeat(3000)}`,
    ];
    for (const back of hostile) {
      const answer = await agree({ back }, { Origin: portal.origin });
      assert.equal(answer.status, 400, JSON.stringify(back));
      assert.equal(answer.headers.location, undefined);
      assert.equal(answer.headers['set-cookie'], undefined);
      assert.match(answer.body, /^400 返回地址无效/);
      assert.match(String(answer.headers['content-type']), /^text\/plain/);
    }
  });

  it('refuses a post without a return address, or with it twice', async () => {
    for (const body of ['', 'other=1', 'back=/&back=/news', 'back'])
      assert.equal((await agree(body, { Origin: portal.origin })).status, 400, body);
  });

  it('refuses a post from another site: it may not make its visitors agree', async () => {
    for (const origin of ['https://evil.example', 'null']) {
      const answer = await agree({ back: '/' }, { Origin: origin });
      assert.equal(answer.status, 403, origin);
      assert.equal(answer.headers['set-cookie'], undefined);
    }
  });

  it('answers only POST', async () => {
    const answer = await request(portal.port, '/cookie-agree');
    assert.equal(answer.status, 405);
    assert.match(String(answer.headers.allow), /POST/);
  });
});

describe('the server-drawn cookie notice', () => {
  it('is in the page, with 同意 posting the page’s own address back, and no element code for it', async () => {
    const { body } = await request(portal.port, '/news?page=2&junk=1');
    assert.ok(body.includes(NOTICE));
    // The page's canonical address, not the address as asked for: kept pages are shared.
    const canonical = /<link rel="canonical" href="http:\/\/[^/"]+([^"]+)"/.exec(body)?.[1];
    assert.equal(canonical, '/news/type?page=2');
    assert.ok(
      body.includes(
        `<form method="post" action="/cookie-agree" class="actions"><input type="hidden" name="back" value="${canonical}"/>`,
      ),
    );
    assert.match(body, /aria-label="Cookie 使用提示"/);
    assert.match(body, /href="http:\/\/127\.0\.0\.1:\d+\/help\?id=49"/);
    assert.doesNotMatch(body, /<portal-cookie-notice|chunks\/cookie-notice-/);
  });

  it('is left out of the page for a visitor who agreed, kept apart from the others’', async () => {
    const agreed = { Cookie: 'other=1; cookie-agree=true' };
    for (let visit = 0; visit < 2; visit++) {
      assert.ok((await request(portal.port, '/about')).body.includes(NOTICE), 'a first-time visitor');
      const page = await request(portal.port, '/about', { headers: agreed });
      assert.equal(page.status, 200);
      assert.ok(!page.body.includes(NOTICE), 'one who agreed');
      assert.match(String(page.headers.vary), /Cookie/);
    }
    for (const cookie of ['cookie-agree=false', 'xcookie-agree=true', 'cookie-agree=truex'])
      assert.ok((await request(portal.port, '/about', { headers: { Cookie: cookie } })).body.includes(NOTICE), cookie);
  });

  it('carries inline scripts the page’s CSP allows by their hashes', async () => {
    const page = await request(portal.port, '/');
    const csp = String(page.headers['content-security-policy']);
    const scripts = [...page.body.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1] ?? '');
    assert.ok(scripts.length >= 2, 'the head script and the notice’s');
    for (const text of scripts) {
      const hash = `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
      assert.ok(csp.includes(hash), `${text.slice(0, 60)}… is allowed`);
    }
    assert.match(scripts[0] ?? '', /cookie-agree=true/, 'the head script marks a visitor who agreed');
  });
});
