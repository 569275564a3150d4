import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { startTestPortal, type TestPortal } from '../../host/test-support/backend';
import { request } from '../../host/test-support/server';
import { openSignInForm, postSignInForm } from '../../host/test-support/sign-in';
import { DEMO_PASSWORD } from './demo-accounts';

let portal: TestPortal;
let back: string;
before(async () => {
  portal = await startTestPortal({ signInAttemptsPerAddress: 8 });
  back = `${portal.origin}/home`;
});
after(() => portal.close());

const form = (username: string, extra: Record<string, string> = {}) => ({
  username,
  password: DEMO_PASSWORD,
  appId: '9090',
  redirectUri: back,
  ...extra,
});
const postRaw = (fields: Record<string, string>, headers: Record<string, string>) =>
  request(portal.port, '/api/guc/protocol/oauth2/auth', {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
  });
const exchange = (code: string, extra: Record<string, string> = {}) =>
  request(
    portal.port,
    `/api/guc/protocol/oauth2/token/by-code?${new URLSearchParams({ code, appId: '9090', redirectUri: back, ...extra })}`,
  );
const codeOf = (res: { headers: Record<string, unknown> }) =>
  new URL(String(res.headers.location)).searchParams.get('code') ?? '';

describe('login CSRF: the sign-in form takes posts only from itself', () => {
  it('refuses a post another site makes with its own account (no form token, a foreign Origin)', async () => {
    const res = await postRaw(form('uncertified'), { Origin: 'https://evil.example' });
    assert.equal(res.status, 403);
    assert.equal(res.headers.location, undefined, 'no code goes back');
    assert.match(res.body, /登录表单已失效或来自其他网站/);
  });

  it('refuses a post from this origin without the token and cookie of a form it was shown', async () => {
    assert.equal((await postRaw(form('demo'), { Origin: `http://127.0.0.1:${portal.port}` })).status, 403);
  });

  it('refuses a token from another form (bound to its app, return address and state)', async () => {
    const shown = await request(
      portal.port,
      `/api/guc/protocol/oauth2/auth?${new URLSearchParams({ appId: '9090', redirectUri: back, state: 'one' })}`,
    );
    const csrf = /name="csrf" value="([^"]+)"/.exec(shown.body)?.[1] ?? '';
    const cookie = [shown.headers['set-cookie'] ?? []]
      .flat()
      .map((value) => value.split(';')[0])
      .join('; ');
    assert.ok(csrf && cookie, 'the form carries a token and sets its cookie');
    const other = await postRaw(
      { ...form('demo', { state: 'two' }), csrf },
      { Origin: `http://127.0.0.1:${portal.port}`, Cookie: cookie },
    );
    assert.equal(other.status, 403);
    const same = await postRaw(
      { ...form('demo', { state: 'one' }), csrf },
      { Origin: `http://127.0.0.1:${portal.port}`, Cookie: cookie },
    );
    assert.equal(same.status, 303);
  });

  it('behind a proxy takes posts from the public origin of the portal (PORTAL_PUBLIC_ORIGIN), not from the Host', async () => {
    const publicOrigin = 'https://portal.example';
    process.env.PORTAL_PUBLIC_ORIGIN = publicOrigin;
    try {
      const fields = form('demo', { state: 'p' });
      // Each posted with the token and cookie of a form it was shown.
      assert.equal((await (await openSignInForm(portal.port, fields))()).status, 403);
      assert.equal((await (await openSignInForm(portal.port, fields, publicOrigin))()).status, 303);
    } finally {
      delete process.env.PORTAL_PUBLIC_ORIGIN;
    }
  });

  it('sets the form cookie SameSite=Strict and HttpOnly', async () => {
    const shown = await request(
      portal.port,
      `/api/guc/protocol/oauth2/auth?${new URLSearchParams({ appId: '9090', redirectUri: back })}`,
    );
    const cookie = [shown.headers['set-cookie'] ?? []].flat().join('\n');
    assert.match(cookie, /SameSite=Strict/i);
    assert.match(cookie, /HttpOnly/i);
  });
});

describe('PKCE: a code goes only to the one who started the sign-in', () => {
  const verifier = 'a-verifier-of-forty-three-or-more-characters-0123456789';
  const challenge = createHash('sha256').update(verifier).digest('base64url');

  it('exchanges a code started with a challenge only with its verifier', async () => {
    const started = { code_challenge: challenge, code_challenge_method: 'S256' };
    const withoutVerifier = await exchange(codeOf(await postSignInForm(portal.port, form('demo', started))));
    assert.equal(withoutVerifier.status, 400);
    const wrong = await exchange(codeOf(await postSignInForm(portal.port, form('demo', started))), {
      code_verifier: `${verifier}x`,
    });
    assert.equal(wrong.status, 400);
    const right = await exchange(codeOf(await postSignInForm(portal.port, form('demo', started))), {
      code_verifier: verifier,
    });
    assert.equal(right.status, 200);
    assert.equal(JSON.parse(right.body).code, '0000');
  });

  it("refuses a verifier for a code started without a challenge (someone else's code offered as one's own)", async () => {
    const downgraded = await exchange(codeOf(await postSignInForm(portal.port, form('demo'))), {
      code_verifier: verifier,
    });
    assert.equal(downgraded.status, 400);
    const plain = await exchange(codeOf(await postSignInForm(portal.port, form('demo'))));
    assert.equal(plain.status, 200);
  });

  it('refuses a challenge method other than S256', async () => {
    const res = await request(
      portal.port,
      `/api/guc/protocol/oauth2/auth?${new URLSearchParams({ appId: '9090', redirectUri: back, code_challenge: challenge, code_challenge_method: 'plain' })}`,
    );
    assert.equal(res.status, 400);
  });
});

describe('guessing passwords', () => {
  it('limits failed sign-ins per address whatever the account names', async () => {
    for (let i = 0; i < 8; i++)
      assert.equal((await postSignInForm(portal.port, form(`new-name-${i}`, { password: 'wrong' }))).status, 401);
    const limited = await postSignInForm(portal.port, form('new-name-9', { password: 'wrong' }));
    assert.equal(limited.status, 429);
    assert.match(limited.body, /登录失败次数过多/);
  });

  it('hashes off the event loop: a page asked for during a burst of sign-ins answers before the burst ends', async () => {
    const other = await startTestPortal({ signInAttemptsPerAddress: 1000, signInAttempts: 1000 });
    try {
      const finished: string[] = [];
      const forms = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          openSignInForm(other.port, {
            ...form(`burst-${i}`, { password: 'wrong' }),
            redirectUri: `${other.origin}/home`,
          }),
        ),
      );
      // Eight posts at once, then a cheap answer asked for behind them.
      const burst = forms.map((post) => post().then(() => finished.push('sign-in')));
      const page = request(other.port, '/api/guc/token/verify').then(() => finished.push('page'));
      await Promise.all([...burst, page]);
      assert.notEqual(finished.at(-1), 'page', `the page waited for every hash: ${finished.join(', ')}`);
    } finally {
      other.close();
    }
  });
});

describe('guessing the sign-in a browser has', () => {
  it('counts refused sign-ins with a made-up session against the address, like wrong passwords', async () => {
    const other = await startTestPortal({ signInAttemptsPerAddress: 4 });
    try {
      const withSession = (session: string) =>
        postSignInForm(other.port, { session, appId: '9090', redirectUri: `${other.origin}/home`, page_type: 'c' });
      for (let i = 0; i < 3; i++) assert.equal((await withSession(`zat_guess-${i}`)).status, 200);
      assert.equal(
        (
          await postSignInForm(other.port, {
            ...form('demo', { password: 'wrong' }),
            redirectUri: `${other.origin}/home`,
          })
        ).status,
        401,
      );
      const limited = await withSession('zat_guess-4');
      assert.equal(limited.status, 429);
      assert.match(limited.body, /登录失败次数过多/);
      const password = await postSignInForm(other.port, { ...form('demo'), redirectUri: `${other.origin}/home` });
      assert.equal(password.status, 429, 'and the password form from that address too');
    } finally {
      other.close();
    }
  });
});
