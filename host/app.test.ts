import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { createApp } from './app';
import { mediaUrl } from './media';
import { cspHash, headScript } from './pages/assets';
import { NOTICE_SCRIPT } from './pages/cookie-notice';
import { listen, request } from './test-support/server';

let server: Server;
let port: number;

before(async () => {
  ({ server, port } = await listen(createApp({ widgetsDir: 'dist/widgets', logLevel: 'silent' })));
});
after(() => server.close());

describe('pages', () => {
  for (const path of ['/', '/home']) {
    it(`${path} renders the home page with the cookie notice`, async () => {
      const res = await request(port, path);
      assert.equal(res.status, 200);
      assert.match(String(res.headers['content-type']), /^text\/html; charset=utf-8/);
      assert.match(res.body, /^<!doctype html><html lang="zh-CN"[^>]*>/);
      // Drawn by the server (pages/cookie-notice.tsx), with no code of the element's.
      assert.match(res.body, /<div id="cookie-notice"><template shadowrootmode="open">/);
      assert.doesNotMatch(res.body, /<portal-cookie-notice|chunks\/cookie-notice-/);
      assert.match(res.body, /<script src="\/widgets\/portal\.js" async><\/script>/);
      // A first view runs no framework (issue 33): nothing of it is preloaded.
      assert.doesNotMatch(res.body, /<link rel="modulepreload" href="\/widgets\/chunks\/(runtime|state)-/);
    });
  }

  it('allows exactly the inline styles and the inline scripts a page carries, by hash', async () => {
    const [first, second] = await Promise.all([request(port, '/'), request(port, '/')]);
    const csp = String(first.headers['content-security-policy']);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.match(csp, /script-src 'self' 'nonce-[^']+'(?: 'sha256-[^']+'){2};/);
    assert.ok(csp.includes(`'${cspHash(headScript)}'`), csp);
    assert.ok(csp.includes(`'${cspHash(NOTICE_SCRIPT)}'`), csp);
    // The same bytes for every visitor: pages can be rendered and compressed once.
    assert.equal(first.body, second.body);
    // Data blocks (the server state, JSON-LD) are never run; the scripts are the
    // widgets', the head's (the keeper of early clicks and the cookie consent's mark) and
    // the cookie notice's, whose hashes the policy names.
    const scripts = [...first.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !/type="application\/(ld\+)?json"/.test(attributes ?? ''),
    );
    const inline = scripts.filter(([, attributes]) => !/src="\/widgets\//.test(attributes ?? ''));
    assert.deepEqual(
      inline.map(([, , text]) => text),
      [headScript, NOTICE_SCRIPT],
    );
    const styles = [...first.body.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '');
    assert.ok(styles.length >= 2);
    for (const text of styles)
      assert.ok(csp.includes(`'${cspHash(text)}'`), `a style is not allowed: ${text.slice(0, 60)}`);
    assert.ok(!csp.includes(`'${cspHash('body{color:red}')}'`));
  });

  it('hands the server state to the widgets as an inert, escaped JSON block', async () => {
    const res = await request(port, '/');
    const json = /<script type="application\/json" id="portal-state">(.*?)<\/script>/.exec(res.body)?.[1];
    // This app has no back-end: the chrome renders without common data.
    assert.deepEqual(JSON.parse(json ?? 'null'), { theme: 'light', pageCommon: null, friendlyLinks: [] });
  });

  it('sends the security headers', async () => {
    const { headers } = await request(port, '/');
    assert.equal(headers['x-content-type-options'], 'nosniff');
    assert.equal(headers['x-frame-options'], 'SAMEORIGIN');
    assert.equal(headers['referrer-policy'], 'same-origin');
    assert.equal(headers['x-powered-by'], undefined);
    assert.match(String(headers['content-security-policy']), /frame-ancestors 'self'/);
    assert.match(String(headers['content-security-policy']), /object-src 'none'/);
  });

  it('compresses pages for clients that accept it', async () => {
    const res = await request(port, '/', { headers: { 'Accept-Encoding': 'gzip, br' } });
    assert.match(String(res.headers['content-encoding']), /^(br|gzip)$/);
  });
});

describe('errors and hostile input', () => {
  const noStack = (body: string) => {
    assert.doesNotMatch(body, /\bat [\w.<>]+ \(|node_modules|Error:/);
  };

  it('answers an unknown route with the 404 page', async () => {
    const res = await request(port, '/no/such/page');
    assert.equal(res.status, 404);
    assert.match(res.body, /This page could not be found/);
    assert.match(res.body, /抱歉，您访问的页面不存在/);
    assert.match(String(res.headers['content-security-policy']), /nonce-/);
  });

  const hostile: Array<[string, string, number]> = [
    ['a lone percent sign', '/%', 404],
    ['encoded path traversal', '/..%2f..%2fetc/passwd', 404],
    ['raw path traversal', '/widgets/../../package.json', 404],
    ['traversal into the widgets folder', '/widgets/..%2f..%2fpackage.json', 404],
    ['a malformed widget path', '/widgets/%', 400],
    ['a 10 KB path', `/${'a'.repeat(10 * 1024)}`, 414],
  ];
  for (const [name, path, status] of hostile) {
    it(`answers ${name} with ${status}, no stack trace`, async () => {
      const res = await request(port, path);
      assert.equal(res.status, status);
      noStack(res.body);
      assert.doesNotMatch(res.body, /"name":\s*"industrial-portal"/);
    });
  }

  it('does not reflect a script in the preview query', async () => {
    const res = await request(port, '/?preview=%3Cscript%3Ealert(1)%3C/script%3E');
    assert.equal(res.status, 200);
    assert.doesNotMatch(res.body, /alert\(1\)/);
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await request(port, '/', { method: 'HEAD' });
    assert.equal(res.status, 200);
    assert.equal(res.body, '');
  });

  it('answers OPTIONS with the allowed methods', async () => {
    const res = await request(port, '/', { method: 'OPTIONS' });
    assert.equal(res.status, 204);
    assert.equal(res.headers.allow, 'GET, HEAD, OPTIONS');
  });

  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
    it(`refuses ${method} on a page with 405`, async () => {
      const res = await request(port, '/home', { method, body: 'x=1', headers: { 'Content-Type': 'text/plain' } });
      assert.equal(res.status, 405);
      assert.equal(res.headers.allow, 'GET, HEAD, OPTIONS');
      noStack(res.body);
    });
  }

  it('keeps serving after all of that', async () => {
    assert.equal((await request(port, '/')).status, 200);
  });
});

describe('widget files', () => {
  it('serves portal.js to any origin, short-cached with an ETag', async () => {
    const res = await request(port, '/widgets/portal.js', { headers: { Origin: 'https://partner.example' } });
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /javascript/);
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.equal(res.headers['cross-origin-resource-policy'], 'cross-origin');
    assert.equal(res.headers['cache-control'], 'public, max-age=300, must-revalidate');
    assert.ok(res.headers.etag);
    const revalidated = await request(port, '/widgets/portal.js', { headers: { 'If-None-Match': res.headers.etag } });
    assert.equal(revalidated.status, 304);
  });

  it('sends the precompressed brotli or gzip file the client accepts', async () => {
    const br = await request(port, '/widgets/portal.js', { headers: { 'Accept-Encoding': 'gzip, br' } });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.match(String(br.headers.vary), /Accept-Encoding/);
    const gz = await request(port, '/widgets/portal.js', { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(gz.headers['content-encoding'], 'gzip');
  });

  it('tells partner pages the environment inside portal.js, the same in every encoding', async () => {
    const plain = await request(port, '/widgets/portal.js');
    assert.match(plain.body, /window\[Symbol\.for\("portal\.env"\)\]=\{"name":"local"/);
    assert.match(plain.body, /\n\/\/# sourceMappingURL=portal\.js\.map\s*$/);
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const raw = (encoding: string) =>
      new Promise<Buffer>((resolve, reject) => {
        import('node:http').then(({ get }) =>
          get(
            { host: '127.0.0.1', port, path: '/widgets/portal.js', headers: { 'Accept-Encoding': encoding } },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks)));
            },
          ).on('error', reject),
        );
      });
    assert.equal(brotliDecompressSync(await raw('br')).toString(), plain.body);
    assert.equal(gunzipSync(await raw('gzip')).toString(), plain.body);
  });

  it('announces the remote servers in other environments', async () => {
    const prod = await listen(createApp({ widgetsDir: 'dist/widgets', logLevel: 'silent', env: 'prod' }));
    try {
      const res = await request(prod.port, '/widgets/portal.js');
      const announced = JSON.parse(/Symbol\.for\("portal\.env"\)\]=(\{.*?\});/.exec(res.body)?.[1] ?? 'null');
      assert.equal(announced.name, 'prod');
      assert.equal(announced.appId, '9090');
      assert.match(announced.accountServer, /^https:\/\//);
      assert.match(announced.api.kernel, /^https:\/\//);
    } finally {
      prod.server.close();
    }
  });

  it('caches content-hashed chunks for a year, immutably', async () => {
    const manifest = JSON.parse((await request(port, '/widgets/manifest.json')).body) as Record<string, string[]>;
    const files = manifest['portal-cookie-notice'];
    assert.ok(files?.length);
    for (const file of files) {
      assert.match(file, /^chunks\/[\w.-]+-[\w-]{8,}\.js$/);
      const res = await request(port, `/widgets/${file}`);
      assert.equal(res.status, 200);
      assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.equal(res.headers['access-control-allow-origin'], '*');
    }
  });

  it('serves source maps', async () => {
    const res = await request(port, '/widgets/portal.js.map');
    assert.equal(res.status, 200);
    assert.ok(JSON.parse(res.body).sources.some((source: string) => source.endsWith('widgets/portal.ts')));
  });
});

describe('media', () => {
  for (const path of [
    '/media/logo.svg',
    '/media/avatar/demo.svg',
    '/media/badge/wechat.svg',
    '/media/cover/product-1.svg'.replace('product-1', 'product/1'),
  ]) {
    it(`draws ${path} as an SVG, immutable at its versioned address only`, async () => {
      const res = await request(port, path);
      assert.equal(res.status, 200);
      assert.match(String(res.headers['content-type']), /^image\/svg\+xml/);
      assert.equal(res.headers['cache-control'], 'public, max-age=86400');
      assert.ok(res.headers.etag, 'revalidated with an ETag');
      assert.equal(res.headers['cross-origin-resource-policy'], 'cross-origin');
      assert.match(res.body, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);

      const url = mediaUrl(path);
      assert.match(url, /\?v=[0-9a-f]{10}$/);
      const versioned = await request(port, url);
      assert.equal(versioned.body, res.body);
      assert.equal(versioned.headers['cache-control'], 'public, max-age=31536000, immutable');
      // An address with another drawing's version is answered, but not kept for a year.
      const stale = await request(port, `${path}?v=0000000000`);
      assert.equal(stale.body, res.body);
      assert.doesNotMatch(stale.headers['cache-control'] ?? '', /immutable/);
    });
  }

  it('gives each drawing a version of its own, and none to an address with no drawing', () => {
    const versions = ['/media/logo.svg', '/media/cover/product/1.svg', '/media/cover/product/2.svg'].map(mediaUrl);
    assert.equal(new Set(versions.map((url) => url.split('?v=')[1])).size, 3);
    assert.equal(mediaUrl('/media/nothing.svg'), '/media/nothing.svg');
  });

  // Each SVG image is a document the browser parses, styles and lays out on the
  // page's main thread: the ones every page shows stay a handful of elements, and
  // text (a font to find and shape) stays out of them.
  it('draws the logo, badges and covers without text, in a few elements', async () => {
    for (const path of [
      '/media/logo.svg',
      '/media/badge/wechat.svg',
      '/media/badge/service.svg',
      '/media/cover/product/1.svg',
    ]) {
      const { body } = await request(port, path);
      assert.doesNotMatch(body, /<text/, path);
      const elements = body.match(/<[a-zA-Z]/g)?.length ?? 0;
      assert.ok(elements <= 12, `${path}: ${elements} elements`);
    }
  });

  it('refuses names that are not plain slugs', async () => {
    for (const path of ['/media/avatar/%3Cscript%3E.svg', '/media/cover/x/..%2f..%2fetc.svg', '/media/avatar/.svg']) {
      assert.equal((await request(port, path)).status, 404, path);
    }
  });
});
