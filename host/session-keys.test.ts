import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { StaffBrowser } from '../backend/test-support/staff-browser';
import { failedStart, type PortalProcess, startPortalProcess } from '../e2e/portal-process';
import { configFromEnv } from './config';
import { request } from './test-support/server';

/**
 * Every key that signs something comes from one secret: SESSION_SECRET, or in
 * `local` one kept in the data folder. A restart, or another instance given the
 * same secret, accepts what the first signed.
 */
const scratch = mkdtempSync(join(tmpdir(), 'portal-keys-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

const PASSWORD = 'Agent@2026';
const portOf = (server: PortalProcess) => Number(new URL(server.url).port);

async function agentCookie(server: PortalProcess): Promise<string> {
  const res = await request(portOf(server), '/chat/agent/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
    body: new URLSearchParams({ password: PASSWORD }).toString(),
  });
  assert.equal(res.status, 303, res.body);
  return String(res.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
}

const inbox = (server: PortalProcess, cookie: string) =>
  request(portOf(server), '/chat/agent/api/conversations', { headers: { Cookie: cookie } });

describe('signing keys across restarts and instances', () => {
  it('in local, a restart on the same data folder keeps an agent signed in', async () => {
    const dataDir = join(scratch, 'restart');
    const first = await startPortalProcess(3, { dataDir, keepData: true });
    const cookie = await agentCookie(first);
    assert.equal((await inbox(first, cookie)).status, 200);
    await first.stop();
    const second = await startPortalProcess(3, { dataDir, keepData: true });
    try {
      assert.equal((await inbox(second, cookie)).status, 200, 'the cookie signed before the restart');
    } finally {
      await second.stop();
    }
  });

  it('two instances given the same SESSION_SECRET accept each other’s signed forms', async () => {
    // Sessions live in the database the instances share; what is signed is what one shows and another takes.
    const env = {
      SESSION_SECRET: 'one-secret-for-every-instance-of-the-portal',
      STUDIO_ADMIN_PASSWORD: 'Admin-keys-2026',
    };
    const [a, b] = await Promise.all([startPortalProcess(3, { env }), startPortalProcess(3, { env })]);
    try {
      const shownByA = new StaffBrowser({ port: portOf(a), origin: a.url.replace(/\/$/, '') });
      const page = await shownByA.get('/studio/login');
      const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
      const postedToB = new StaffBrowser({ port: portOf(b), origin: b.url.replace(/\/$/, '') });
      for (const [name, value] of shownByA.cookies) postedToB.cookies.set(name, value);
      const signedIn = await postedToB.post('/studio/login', {
        csrf,
        login: 'admin',
        password: env.STUDIO_ADMIN_PASSWORD,
      });
      assert.equal(signedIn.status, 303, signedIn.body);
      const otherSecret = await startPortalProcess(3, {
        env: { ...env, SESSION_SECRET: 'another-secret-of-another-portal-site' },
      });
      try {
        const elsewhere = new StaffBrowser({ port: portOf(otherSecret), origin: otherSecret.url.replace(/\/$/, '') });
        for (const [name, value] of shownByA.cookies) elsewhere.cookies.set(name, value);
        const refused = await elsewhere.post('/studio/login', {
          csrf,
          login: 'admin',
          password: env.STUDIO_ADMIN_PASSWORD,
        });
        assert.equal(refused.status, 403, 'a form signed with another secret');
      } finally {
        await otherSecret.stop();
      }
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});

describe('SESSION_SECRET', () => {
  it('outside local, a start without it stops with one line saying what to set', async () => {
    const { code, output } = await failedStart({ PORTAL_ENV: 'prod', DATA_DIR: join(scratch, 'unused') });
    assert.equal(code, 1);
    assert.match(output.trim(), /^SESSION_SECRET is required with PORTAL_ENV=prod: .*32 characters/);
    assert.equal(output.trim().split('\n').length, 1, output);
  });

  it('a short one stops the start too', async () => {
    const { code, output } = await failedStart({
      PORTAL_ENV: 'prod',
      SESSION_SECRET: 'short',
      DATA_DIR: join(scratch, 'unused'),
    });
    assert.equal(code, 1);
    assert.match(output, /SESSION_SECRET must have at least 32 characters/);
  });
});

describe('SHOW_DEMO_ACCOUNTS', () => {
  it('defaults to shown in local on its SQLite database, hidden elsewhere', () => {
    const secret = { SESSION_SECRET: 'x'.repeat(32) };
    assert.equal(configFromEnv({}).showDemoAccounts, true);
    assert.equal(configFromEnv({ DATABASE_URL: 'postgres://db/portal' }).showDemoAccounts, false);
    assert.equal(configFromEnv({ PORTAL_ENV: 'prod', ...secret }).showDemoAccounts, false);
    assert.equal(configFromEnv({ SHOW_DEMO_ACCOUNTS: 'false' }).showDemoAccounts, false);
    assert.equal(configFromEnv({ PORTAL_ENV: 'demo', SHOW_DEMO_ACCOUNTS: 'true', ...secret }).showDemoAccounts, true);
    assert.throws(() => configFromEnv({ SHOW_DEMO_ACCOUNTS: 'yes' }), /SHOW_DEMO_ACCOUNTS must be true or false/);
  });

  it('false hides them from the real sign-in form', async () => {
    const server = await startPortalProcess(3, { env: { SHOW_DEMO_ACCOUNTS: 'false' } });
    try {
      const query = new URLSearchParams({ appId: '9090', redirectUri: `${server.url}/`, page_type: 'c' });
      const form = await request(portOf(server), `/api/guc/protocol/oauth2/auth?${query}`);
      assert.equal(form.status, 200);
      assert.match(form.body, /<label for="username">账号<\/label>/);
      assert.doesNotMatch(form.body, /<code>uncertified<\/code>/);
    } finally {
      await server.stop();
    }
  });
});
