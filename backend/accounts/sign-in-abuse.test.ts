import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, afterEach, before, describe, it } from 'node:test';
import { PUBLIC_ORIGIN_SETTING } from '../../contract/public-origin';
import {
  type ClockedPortal,
  cookieOf,
  signInFrom,
  startClockedPortal,
  testClock,
} from '../../test-support/clocked-portal';
import { request } from '../../test-support/http';
import { startTestPortal, type TestPortal } from '../../test-support/portal';
import { postgresDatabase } from '../test-support/databases';
import { openSignInForm, postSignInForm } from '../test-support/sign-in';
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
    portal.app.set(PUBLIC_ORIGIN_SETTING, publicOrigin);
    try {
      const fields = form('demo', { state: 'p' });
      // Each posted with the token and cookie of a form it was shown.
      assert.equal((await (await openSignInForm(portal.port, fields))()).status, 403);
      assert.equal((await (await openSignInForm(portal.port, fields, publicOrigin))()).status, 303);
    } finally {
      portal.app.set(PUBLIC_ORIGIN_SETTING, undefined);
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

/**
 * OWASP's throttling (Authentication and Credential Stuffing cheat sheets): a
 * guesser waits longer and longer, an address guessing at many accounts is
 * refused, an account guessed at from everywhere only answers more slowly, and
 * no one is ever locked out: not an account's owner, not the site.
 */
describe('throttling guesses, never locking anyone out', () => {
  let clocked: ClockedPortal;
  const wrong = (from: string, username: string) => signInFrom(clocked, from, { username, password: 'wrong' });
  const right = (from: string, username = 'demo', cookie?: string) =>
    signInFrom(clocked, from, { username, password: DEMO_PASSWORD }, cookie);
  const statusesOf = async (tries: Array<() => Promise<{ status: number }>>) => {
    const statuses: number[] = [];
    for (const attempt of tries) statuses.push((await attempt()).status);
    return statuses;
  };
  afterEach(() => clocked?.close());

  it('guesses from 30 addresses at many accounts lock nobody out: the owner signs in at once from a fresh address', async () => {
    clocked = await startClockedPortal();
    const accounts = ['demo', 'uncertified', 'noadmin'];
    for (let i = 0; i < 30; i++)
      assert.equal((await wrong(`198.51.100.${i + 1}`, accounts[i % 3] ?? 'demo')).status, 401, `guess ${i}`);
    // At most held back a few seconds: never refused, the owners of the others neither.
    const owner = await right('203.0.113.7');
    assert.equal(owner.status, 303, owner.body);
    assert.equal((await right('203.0.113.8', 'uncertified')).status, 303);
    assert.ok(Math.max(0, ...clocked.clock.held) <= 3_000, `held back ${clocked.clock.held.join(', ')} ms`);
  });

  it("guesses at one account from other addresses only slow its owner down, and not at all on the owner's trusted browser", async () => {
    clocked = await startClockedPortal({ signInAttempts: 4 });
    const first = await right('203.0.113.7');
    assert.equal(first.status, 303);
    const device = cookieOf(first, 'guc_device');
    assert.ok(device, 'a sign-in marks the browser as trusted');
    const setCookie = (res: { headers: { 'set-cookie'?: string[] } }) =>
      String(res.headers['set-cookie']?.find((cookie) => cookie.startsWith('guc_device=')));
    assert.match(setCookie(first), /HttpOnly/i);
    assert.match(setCookie(first), /SameSite=Lax/i);
    assert.match(setCookie(first), /Max-Age=15552000/);
    assert.match(setCookie(first), /Path=\/api\/guc\/protocol\/oauth2/);
    assert.doesNotMatch(setCookie(first), /Secure/i);
    const https = { 'X-Forwarded-Proto': 'https', Origin: `https://127.0.0.1:${clocked.port}` };
    const secure = await signInFrom(clocked, '203.0.113.7', { username: 'demo', password: DEMO_PASSWORD }, '', https);
    assert.match(setCookie(secure), /Secure/i, 'Secure behind an https proxy');

    for (let i = 0; i < 6; i++) assert.equal((await wrong(`198.51.100.${i + 1}`, 'demo')).status, 401);
    assert.deepEqual(clocked.clock.held, [500, 1_000], 'the answers are held back from the fourth wrong password on');

    const fresh = await right('192.0.2.50');
    assert.equal(fresh.status, 303, 'the owner elsewhere is let in, after a wait');
    assert.equal(clocked.clock.held.at(-1), 2_000);
    const held = clocked.clock.held.length;
    assert.equal((await right('192.0.2.51', 'demo', device)).status, 303);
    assert.equal(clocked.clock.held.length, held, 'the trusted browser is not held back');
    // A cookie of another account, or a forged one, is no trusted browser.
    assert.equal((await right('192.0.2.52', 'demo', `guc_device=${'x'.repeat(20)}`)).status, 303);
    assert.equal(clocked.clock.held.length, held + 1);
  });

  it('makes an address that keeps guessing at one account wait longer each time, up to 15 minutes', async () => {
    clocked = await startClockedPortal();
    const guesser = '198.51.100.9';
    assert.deepEqual(await statusesOf([1, 2, 3].map(() => () => wrong(guesser, 'demo'))), [401, 401, 401]);
    const waits: number[] = [];
    for (let round = 0; round < 7; round++) {
      const refused = await wrong(guesser, 'demo');
      assert.equal(refused.status, 429, `round ${round}`);
      assert.match(refused.body, /登录失败次数过多，请 .*\d+ 秒）?后再试/);
      const seconds = Number(refused.headers['retry-after']);
      waits.push(seconds);
      // Meanwhile the owner, elsewhere, is not refused.
      if (round === 0) assert.equal((await right('203.0.113.7')).status, 303);
      clocked.clock.advance(seconds * 1000 - 1_000);
      assert.equal((await wrong(guesser, 'demo')).status, 429, 'not a second early');
      clocked.clock.advance(1_000);
      if (round < 6) assert.equal((await wrong(guesser, 'demo')).status, 401, `after ${seconds} s`);
    }
    assert.deepEqual(waits, [30, 60, 120, 240, 480, 900, 900]);
    // The right password after the wait: this address starts again at this account.
    assert.equal((await right(guesser)).status, 303);
    assert.deepEqual(await statusesOf([1, 2, 3].map(() => () => wrong(guesser, 'demo'))), [401, 401, 401]);
  });

  it("refuses an address past the hour's ceiling at any account, but not another address nor the owner's trusted browser there", async () => {
    clocked = await startClockedPortal({ signInAttemptsPerAddress: 5 });
    const office = '198.51.100.20';
    const device = cookieOf(await right(office), 'guc_device');
    assert.deepEqual(
      await statusesOf([1, 2, 3, 4, 5].map((i) => () => wrong(office, `name-${i}`))),
      [401, 401, 401, 401, 401],
    );
    const refused = await wrong(office, 'name-6');
    assert.equal(refused.status, 429);
    assert.equal(refused.headers['retry-after'], '3600');
    assert.match(refused.body, /请 60 分钟（3600 秒）后再试/);
    assert.equal((await right(office)).status, 429, 'the address is refused, whoever it is');
    assert.equal((await right(office, 'demo', device)).status, 303, "but the owner's trusted browser there is not");
    assert.equal((await wrong('198.51.100.21', 'name-6')).status, 401, 'nor another address');
    clocked.clock.advance(60 * 60_000);
    assert.equal((await wrong(office, 'name-7')).status, 401, 'and an hour later it may try again');
  });

  it('counts only a wrong password: not a fault (500), an unreadable form, nor a refusal (429)', async () => {
    clocked = await startClockedPortal();
    const guesser = '198.51.100.30';
    const accounts = clocked.backend.accounts;
    accounts.userByName = async () => {
      throw new Error('SQLITE_FULL: database or disk is full');
    };
    try {
      assert.deepEqual(
        await statusesOf([1, 2, 3, 4, 5].map(() => () => wrong(guesser, 'demo'))),
        [500, 500, 500, 500, 500],
      );
    } finally {
      delete (accounts as Partial<typeof accounts>).userByName;
    }
    const unreadable = () => signInFrom(clocked, guesser, { username: 'demo' });
    assert.deepEqual(await statusesOf([unreadable, unreadable, unreadable]), [400, 400, 400]);
    assert.deepEqual(await statusesOf([1, 2, 3].map(() => () => wrong(guesser, 'demo'))), [401, 401, 401]);
    assert.deepEqual(
      await statusesOf([1, 2, 3, 4, 5].map(() => () => wrong(guesser, 'demo'))),
      [429, 429, 429, 429, 429],
    );
    clocked.clock.advance(30_000);
    assert.equal((await wrong(guesser, 'demo')).status, 401);
    // The fourth wrong password waits twice the first: the five refusals did not count.
    assert.equal((await wrong(guesser, 'demo')).headers['retry-after'], '60');
  });

  it('tells the log of each refusal and slowdown with the address and the account, once a minute per address', async () => {
    clocked = await startClockedPortal({ signInAttempts: 2 });
    const guesser = '198.51.100.40';
    const told = (decision: string) => clocked.warnings.filter(({ fields }) => fields.decision === decision);
    // Three wrong passwords (the third held back), then five refusals.
    for (let i = 0; i < 8; i++) await wrong(guesser, 'demo');
    assert.equal(told('refused').length, 1, clocked.warnings.map(({ message }) => message).join('\n'));
    assert.equal(told('delayed').length, 1);
    const [refused] = told('refused');
    assert.equal(refused?.fields.address, guesser);
    assert.equal(refused?.fields.account, 'demo');
    assert.equal(refused?.fields.retryAfterS, 30);
    assert.match(refused?.message ?? '', /198\.51\.100\.40 trying "demo" refused for 30 s/);
    assert.doesNotMatch(JSON.stringify(clocked.warnings), /wrong/, 'never the password');
    clocked.clock.advance(61_000);
    // A wrong password after the wait (held back), then a refusal: each told again, a minute on.
    await wrong(guesser, 'demo');
    await wrong(guesser, 'demo');
    assert.equal(told('delayed').length, 2);
    assert.equal(told('refused').length, 2);
    assert.equal(told('refused')[1]?.fields.untold, 4, 'the next line says how many went untold');
  });
});

/** Two instances on one PostgreSQL database, as behind a load balancer: a guesser is counted once for both. */
describe('sign-in throttle across two instances (PostgreSQL)', { skip: postgresDatabase.skip }, () => {
  it("refuses an address's fourth wrong password at an account on whichever instance takes it", async () => {
    const url = await (postgresDatabase.url as () => Promise<string>)();
    const clock = testClock();
    const a = await startClockedPortal({ databaseUrl: url, clock });
    const b = await startClockedPortal({ databaseUrl: url, clock });
    try {
      const wrong = (instance: ClockedPortal) =>
        signInFrom(instance, '198.51.100.60', { username: 'demo', password: 'wrong' });
      const statuses: number[] = [];
      for (const instance of [a, b, a]) statuses.push((await wrong(instance)).status);
      assert.deepEqual(statuses, [401, 401, 401]);
      const refused = await wrong(b);
      assert.equal(refused.status, 429);
      assert.equal(refused.headers['retry-after'], '30');
      clock.advance(30_000);
      assert.equal((await wrong(a)).status, 401);
      assert.equal((await wrong(b)).headers['retry-after'], '60');
    } finally {
      await a.close();
      await b.close();
    }
  });
});
