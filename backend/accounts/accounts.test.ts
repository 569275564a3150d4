import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { request } from '../../test-support/http';
import { startTestPortal, type TestPortal } from '../../test-support/portal';
import { openSignInForm, postSignInForm } from '../test-support/sign-in';
import { DEMO_PASSWORD } from './demo-accounts';
import { verifyPassword } from './passwords';

let portal: TestPortal;
let back: string;

before(async () => {
  portal = await startTestPortal({ signInAttempts: 5 });
  back = `${portal.origin}/home?tab=1`;
});
after(() => portal.close());

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
const get = (path: string, headers: Record<string, string> = {}) => request(portal.port, path, { headers });
const json = async (path: string, headers: Record<string, string> = {}) => {
  const res = await get(path, headers);
  return { status: res.status, body: JSON.parse(res.body) };
};

const signIn = (username: string, password = DEMO_PASSWORD, extra: Record<string, string> = {}) =>
  postSignInForm(portal.port, { username, password, appId: '9090', redirectUri: back, page_type: 'c', ...extra });

async function codeFor(username: string): Promise<string> {
  const res = await signIn(username);
  assert.equal(res.status, 303, res.body);
  return new URL(String(res.headers.location)).searchParams.get('code')!;
}

async function tokensFor(username: string) {
  const code = await codeFor(username);
  const res = await json(`/api/guc/protocol/oauth2/token/by-code?${q({ code, appId: '9090', redirectUri: back })}`);
  assert.equal(res.body.code, '0000');
  return res.body.result as { accessToken: string; refreshToken: string; expiresIn: number };
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('sign-in page', () => {
  it('shows a Chinese form with the demo accounts for a registered return address', async () => {
    const res = await get(
      `/api/guc/protocol/oauth2/auth?${q({ appId: '9090', redirectUri: back, page_type: 'c', state: 'abc' })}`,
    );
    assert.equal(res.status, 200);
    assert.match(res.body, /<html lang="zh-CN">/);
    assert.match(res.body, /<label for="username">账号<\/label>/);
    for (const name of ['demo', 'uncertified', 'noadmin', 'newterms'])
      assert.match(res.body, new RegExp(`<code>${name}</code>`));
    assert.match(res.body, /name="state" value="abc"/);
    assert.match(
      String(res.headers['content-security-policy']),
      new RegExp(`form-action 'self' [^;]*${portal.origin}`),
    );
  });

  const hostile: Array<[string, () => string]> = [
    ['another origin', () => 'https://evil.example/steal'],
    ['a javascript: address', () => 'javascript:alert(1)'],
    ['a look-alike host', () => `${portal.origin}.evil.example/`],
    ['credentials in the address', () => `http://user:pw@127.0.0.1:${portal.port}/`],
    ['a relative address', () => '/home'],
  ];
  for (const [name, redirectUri] of hostile) {
    it(`refuses ${name} as return address`, async () => {
      const res = await get(`/api/guc/protocol/oauth2/auth?${q({ appId: '9090', redirectUri: redirectUri() })}`);
      assert.equal(res.status, 400);
      assert.doesNotMatch(res.body, /<form/);
    });
  }

  it('refuses an unregistered application', async () => {
    const res = await get(`/api/guc/protocol/oauth2/auth?${q({ appId: '1234', redirectUri: back })}`);
    assert.equal(res.status, 400);
  });
});

describe('signing in', () => {
  it('sends the user back with a code and the echoed state', async () => {
    const res = await signIn('demo', DEMO_PASSWORD, { state: 'st-1' });
    assert.equal(res.status, 303);
    const location = new URL(String(res.headers.location));
    assert.equal(`${location.origin}${location.pathname}`, `${portal.origin}/home`);
    assert.equal(location.searchParams.get('tab'), '1');
    assert.equal(location.searchParams.get('state'), 'st-1');
    assert.ok((location.searchParams.get('code') ?? '').length > 20);
  });

  it("tells the sign-in page's own script where to go, for the page to give its place in the history to it", async () => {
    const fields = { username: 'demo', password: DEMO_PASSWORD, appId: '9090', redirectUri: back, state: 'st-2' };
    const page = await get(`/api/guc/protocol/oauth2/auth?${q({ appId: '9090', redirectUri: back, state: 'st-2' })}`);
    assert.match(page.body, /location\.replace\(/);
    const res = await (await openSignInForm(portal.port, fields, undefined, { Accept: 'application/json' }))();
    assert.equal(res.status, 200, res.body);
    const location = new URL(JSON.parse(res.body).result.location);
    assert.equal(`${location.origin}${location.pathname}`, `${portal.origin}/home`);
    assert.equal(location.searchParams.get('state'), 'st-2');
    assert.ok((location.searchParams.get('code') ?? '').length > 20);
    // A wrong password is the form again, as for a plain post.
    const wrong = await (
      await openSignInForm(portal.port, { ...fields, password: 'not-it' }, undefined, { Accept: 'application/json' })
    )();
    assert.equal(wrong.status, 401);
    assert.match(wrong.body, /账号或密码错误/);
  });

  it('says the account or password is wrong, the same for an unknown account', async () => {
    const wrong = await signIn('demo', 'not-it');
    const unknown = await signIn('nobody-at-all', 'not-it');
    for (const res of [wrong, unknown]) {
      assert.equal(res.status, 401);
      assert.match(res.body, /账号或密码错误/);
    }
  });

  it('never accepts a password for an account that does not exist', async () => {
    assert.equal(await verifyPassword(DEMO_PASSWORD, undefined), false);
  });

  it('makes one address wait after three wrong passwords at one account, and no other account', async () => {
    for (let i = 0; i < 3; i++) assert.equal((await signIn('someone-guessing', `wrong-${i}`)).status, 401);
    const limited = await signIn('someone-guessing', 'wrong-again');
    assert.equal(limited.status, 429);
    assert.match(limited.body, /登录失败次数过多/);
    // Other accounts are not affected.
    assert.equal((await signIn('noadmin')).status, 303);
  });

  it('counts the account as it is looked up: spaces around the name or another case are the same account', async () => {
    for (let i = 0; i < 3; i++) assert.equal((await signIn('another-guess', `wrong-${i}`)).status, 401);
    for (const name of [' another-guess', 'another-guess ', 'another-guess\t', 'ANOTHER-GUESS'])
      assert.equal((await signIn(name, 'wrong')).status, 429, JSON.stringify(name));
  });
});

describe('codes and tokens', () => {
  it('exchanges a code once, bound to the app and the return address', async () => {
    const code = await codeFor('demo');
    const exchange = (params: Record<string, string>) =>
      json(`/api/guc/protocol/oauth2/token/by-code?${q({ code, appId: '9090', redirectUri: back, ...params })}`);
    const first = await exchange({});
    assert.equal(first.body.code, '0000');
    assert.equal(first.body.result.expiresIn, 7200);
    const again = await exchange({});
    assert.equal(again.status, 400);
    assert.equal(again.body.code, 'E4001');
  });

  it('refuses a code presented with another return address or app', async () => {
    for (const params of [{ redirectUri: `${portal.origin}/elsewhere` }, { appId: '9091' }]) {
      const code = await codeFor('demo');
      const res = await json(
        `/api/guc/protocol/oauth2/token/by-code?${q({ code, appId: '9090', redirectUri: back, ...params })}`,
      );
      assert.equal(res.body.code, 'E4001');
    }
  });

  it('verifies a token and refuses a missing or made-up one', async () => {
    const { accessToken } = await tokensFor('demo');
    assert.equal((await json('/api/guc/token/verify', auth(accessToken))).body.result, true);
    assert.equal((await json('/api/guc/token/verify')).status, 401);
    assert.equal((await json('/api/guc/token/verify', auth('zat_madeup'))).status, 401);
  });

  it('rotates tokens on refresh: the old pair stops working', async () => {
    const first = await tokensFor('demo');
    const refreshed = await json(`/api/guc/token/refresh?${q({ refreshToken: first.refreshToken })}`);
    assert.equal(refreshed.body.code, '0000');
    const second = refreshed.body.result;
    assert.notEqual(second.accessToken, first.accessToken);
    assert.equal((await json('/api/guc/token/verify', auth(second.accessToken))).status, 200);
    assert.equal((await json('/api/guc/token/verify', auth(first.accessToken))).status, 401);
    // Once the new pair has refreshed, the old refresh token coming back is a copy: refused.
    assert.equal((await json(`/api/guc/token/refresh?${q({ refreshToken: second.refreshToken })}`)).status, 200);
    assert.equal((await json(`/api/guc/token/refresh?${q({ refreshToken: first.refreshToken })}`)).status, 401);
  });
});

describe('user info, menus and buttons', () => {
  const cases: Array<[string, { potalStatus: boolean; companyId: number; canOrder: boolean }]> = [
    ['demo', { potalStatus: true, companyId: 1001, canOrder: true }],
    ['uncertified', { potalStatus: false, companyId: 1002, canOrder: false }],
    ['noadmin', { potalStatus: true, companyId: 1003, canOrder: false }],
    ['newterms', { potalStatus: true, companyId: 1004, canOrder: true }],
  ];
  for (const [username, expected] of cases) {
    it(`describes ${username}`, async () => {
      const { accessToken } = await tokensFor(username);
      const info = await json('/api/guc/customer/current/customer-info', auth(accessToken));
      assert.equal(info.body.result.userName, username);
      assert.equal(info.body.result.potalStatus, expected.potalStatus);
      assert.equal(info.body.result.companyId, expected.companyId);
      assert.ok(info.body.result.name);
      const buttons = await json('/api/guc/current/buttons?appId=9090', auth(accessToken));
      assert.equal(buttons.body.result.includes('order:create'), expected.canOrder);
      const menu = await json('/api/guc/current/menu/tree?appId=9090&code=home', auth(accessToken));
      assert.ok(Array.isArray(menu.body.result));
    });
  }

  it('answers 401 without a token', async () => {
    for (const path of [
      '/api/guc/customer/current/customer-info',
      '/api/guc/current/user-info',
      '/api/guc/current/buttons?appId=9090',
    ]) {
      const res = await json(path);
      assert.equal(res.status, 401);
      assert.equal(res.body.code, 'E0401');
    }
  });
});

describe('hub and sign-out', () => {
  it('lets only the registered origins frame the hub', async () => {
    const res = await get('/api/guc/view/token/hub?appId=9090');
    assert.equal(res.status, 200);
    const csp = String(res.headers['content-security-policy']);
    assert.match(csp, new RegExp(`frame-ancestors ${portal.origin} `));
    assert.doesNotMatch(csp, /frame-ancestors[^;]*\*/);
    assert.equal(res.headers['x-frame-options'], undefined);
    assert.match(res.body, /const ORIGINS = \["http/);
  });

  it('signs out and sends the user back only to a registered origin', async () => {
    const { accessToken } = await tokensFor('demo');
    const res = await get(`/api/guc/protocol/oauth2/logout?${q({ token: accessToken, redirectUri: back })}`);
    assert.equal(res.status, 303);
    assert.equal(res.headers.location, back);
    assert.equal((await json('/api/guc/token/verify', auth(accessToken))).status, 401);
    const evil = await get(`/api/guc/protocol/oauth2/logout?${q({ redirectUri: 'https://evil.example/' })}`);
    assert.equal(evil.headers.location, '/');
  });
});

describe('one sign-in for the portal and the console (issue #19)', () => {
  const exchange = async (code: string) =>
    (await json(`/api/guc/protocol/oauth2/token/by-code?${q({ code, appId: '9090', redirectUri: back })}`)).body
      .result as { accessToken: string };
  const withSession = (session: string, extra: Record<string, string> = {}) =>
    postSignInForm(portal.port, { session, appId: '9090', redirectUri: back, page_type: 'c', ...extra });

  it('the sign-in page offers the sign-in the hub keeps, and takes it instead of a password', async () => {
    const page = await get(`/api/guc/protocol/oauth2/auth?${q({ appId: '9090', redirectUri: back })}`);
    assert.match(page.body, /id="existing-sign-in"/);
    assert.match(page.body, /guc\.hub\.tokens/);
    const { accessToken } = await tokensFor('demo');
    const res = await withSession(accessToken, { state: 'st-2' });
    assert.equal(res.status, 303, res.body);
    const location = new URL(String(res.headers.location));
    assert.equal(location.searchParams.get('state'), 'st-2');
    const second = await exchange(location.searchParams.get('code') ?? '');
    const me = await json('/api/guc/customer/current/customer-info', auth(second.accessToken));
    assert.equal(me.body.result.userName, 'demo');
  });

  it('signing out of either session ends both: they are one sign-in', async () => {
    const first = await tokensFor('demo');
    const res = await withSession(first.accessToken);
    const second = await exchange(new URL(String(res.headers.location)).searchParams.get('code') ?? '');
    await get(`/api/guc/protocol/oauth2/logout?${q({ token: second.accessToken, redirectUri: back })}`);
    assert.equal((await json('/api/guc/token/verify', auth(first.accessToken))).status, 401);
    assert.equal((await json('/api/guc/token/verify', auth(second.accessToken))).status, 401);
  });

  it('a sign-in that ended is not taken: the form is shown and the page forgets it', async () => {
    const { accessToken } = await tokensFor('demo');
    await get(`/api/guc/protocol/oauth2/logout?${q({ token: accessToken })}`);
    for (const session of [accessToken, 'zat_made-up']) {
      const res = await withSession(session);
      assert.equal(res.status, 200);
      assert.match(res.body, /登录智造云/);
      assert.match(res.body, /=== 'ended'/);
      assert.match(res.body, /"ended" === 'ended'/);
    }
  });

  it('takes it only with the form’s token, from the service’s own origin', async () => {
    const { accessToken } = await tokensFor('demo');
    const res = await request(portal.port, '/api/guc/protocol/oauth2/auth', {
      method: 'POST',
      body: q({ session: accessToken, appId: '9090', redirectUri: back }),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
    });
    assert.equal(res.status, 403);
  });

  it('says to any origin whether it is registered, with 200 either way', async () => {
    const path = '/api/guc/view/token/hub/registered?appId=9090';
    const registered = await json(path, { Origin: portal.origin });
    assert.deepEqual(registered.body.result, { registered: true });
    const stranger = await get(path, { Origin: 'https://stranger.example' });
    assert.equal(stranger.status, 200);
    assert.equal(stranger.headers['access-control-allow-origin'], '*');
    assert.deepEqual(JSON.parse(stranger.body).result, { registered: false });
  });
});

describe('bad input', () => {
  it('answers missing parameters with a Chinese 400 envelope', async () => {
    const res = await json('/api/guc/protocol/oauth2/token/by-code?appId=9090');
    assert.equal(res.status, 400);
    assert.equal(res.body.code, 'E0400');
    assert.match(res.body.msg, /参数|登录码/);
  });

  it('refuses an oversized sign-in form with 413', async () => {
    const res = await request(portal.port, '/api/guc/protocol/oauth2/auth', {
      method: 'POST',
      body: `username=${'a'.repeat(10_000)}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(res.status, 413);
  });

  it('never answers 500, whatever the query (property-based)', async () => {
    const paths = [
      '/api/guc/protocol/oauth2/token/by-code',
      '/api/guc/token/refresh',
      '/api/guc/current/menu/tree',
      '/api/guc/protocol/oauth2/auth',
      '/api/guc/view/token/hub',
      '/api/guc/protocol/oauth2/logout',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.dictionary(
          fc.constantFrom('code', 'appId', 'redirectUri', 'refreshToken', 'state', 'token', 'page_type', 'x'),
          fc.string({ maxLength: 300 }),
        ),
        async (path, params) => {
          const res = await get(`${path}?${q(params)}`);
          assert.ok(res.status < 500, `${path}?${q(params)} answered ${res.status}`);
          assert.doesNotMatch(res.body, /\bat [\w.<>]+ \(/);
        },
      ),
      { numRuns: 150 },
    );
  });
});
