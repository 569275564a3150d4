import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { configFromEnv } from './config';
import { startTestPortal, type TestPortal } from './test-support/backend';
import { request } from './test-support/server';

describe('behind a proxy (TRUST_PROXY)', () => {
  let trusting: TestPortal;
  let plain: TestPortal;
  before(async () => {
    trusting = await startTestPortal({
      trustProxy: 'loopback',
      searchLimit: 2,
      notFoundLimit: 2,
      publicOrigin: 'https://portal.example',
    });
    plain = await startTestPortal({ searchLimit: 2, notFoundLimit: 2 });
  });
  after(() => {
    trusting.close();
    plain.close();
  });
  const search = (portal: TestPortal, visitor: string) =>
    request(portal.port, `/searchRes?keyword=${Math.random()}`, { headers: { 'X-Forwarded-For': visitor } });

  it('counts per-address limits per visitor, not for the whole site', async () => {
    for (const visitor of ['203.0.113.1', '203.0.113.1']) assert.equal((await search(trusting, visitor)).status, 200);
    assert.equal((await search(trusting, '203.0.113.1')).status, 429, 'the first visitor is over');
    assert.equal((await search(trusting, '203.0.113.2')).status, 200, 'another visitor is not');
    // Without the setting the proxy's own address is everyone's, and its forwarded header is not believed.
    for (const visitor of ['203.0.113.1', '203.0.113.1']) assert.equal((await search(plain, visitor)).status, 200);
    assert.equal((await search(plain, '203.0.113.2')).status, 429);
  });

  it('refuses an address past its limit first thing, and still only that visitor', async () => {
    const unknown = (portal: TestPortal, visitor: string) =>
      request(portal.port, `/no-such-page-${Math.random()}`, { headers: { 'X-Forwarded-For': visitor } });
    for (const visitor of ['203.0.113.3', '203.0.113.3']) assert.equal((await unknown(trusting, visitor)).status, 404);
    // The third is refused by the limit, the fourth before the app, both for this visitor only.
    for (const visitor of ['203.0.113.3', '203.0.113.3']) assert.equal((await unknown(trusting, visitor)).status, 429);
    assert.equal((await unknown(trusting, '203.0.113.4')).status, 404, 'another visitor is not');
    for (const visitor of ['203.0.113.3', '203.0.113.4']) assert.equal((await unknown(plain, visitor)).status, 404);
    assert.equal((await unknown(plain, '203.0.113.5')).status, 429, 'without the setting, the proxy is everyone');
  });

  it('sends HSTS with an https public address, and Secure cookies to https visitors', async () => {
    const page = await request(trusting.port, '/about');
    assert.match(String(page.headers['strict-transport-security']), /max-age=31536000/);
    const kept = await request(trusting.port, '/about');
    assert.match(String(kept.headers['strict-transport-security']), /max-age=31536000/, 'kept pages too');
    assert.equal((await request(plain.port, '/about')).headers['strict-transport-security'], undefined);
    // Answered before the app's security headers, they carry it too.
    for (const path of ['/widgets/portal.js', '/widgets/chat.js', '/healthz', '/readyz']) {
      const early = await request(trusting.port, path);
      assert.match(String(early.headers['strict-transport-security']), /max-age=31536000/, path);
      assert.equal((await request(plain.port, path)).headers['strict-transport-security'], undefined, path);
    }
    const form = await request(
      trusting.port,
      `/api/guc/protocol/oauth2/auth?appId=9090&redirectUri=${encodeURIComponent(`${trusting.origin}/home`)}`,
      { headers: { 'X-Forwarded-Proto': 'https' } },
    );
    assert.match(String(form.headers['set-cookie']), /;\s*Secure/i);
  });
});

describe('settings', () => {
  it('refuses a malformed TRUST_PROXY or PORTAL_PUBLIC_ORIGIN with a clear message', () => {
    assert.throws(() => configFromEnv({ TRUST_PROXY: 'everyone' }), /TRUST_PROXY must be/);
    assert.throws(() => configFromEnv({ PORTAL_PUBLIC_ORIGIN: 'portal.example' }), /PORTAL_PUBLIC_ORIGIN must be/);
    assert.equal(configFromEnv({ TRUST_PROXY: '1' }).trustProxy, 1);
    assert.equal(configFromEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy, 'loopback, 10.0.0.0/8');
    assert.equal(
      configFromEnv({ PORTAL_PUBLIC_ORIGIN: 'https://portal.example/' }).publicOrigin,
      'https://portal.example',
    );
  });
});
