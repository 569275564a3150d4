import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { listen, request } from '../../test-support/http';
import { startTestPortal, type TestPortal, testServiceFront } from '../../test-support/portal';
import { PORTAL_APP_ID } from '../accounts/apps';
import { DEMO_PASSWORD } from '../accounts/demo-accounts';
import { testDatabases } from '../test-support/databases';
import { postSignInForm } from '../test-support/sign-in';
import { createConsoleApp } from './app';

for (const target of testDatabases) {
  describe(`local console on ${target.name}`, { skip: target.skip }, () => {
    let portal: TestPortal;
    let consoleServer: Server;
    let consolePort: number;
    before(async () => {
      portal = await startTestPortal({ databaseUrl: await target.url?.() });
      const app = createConsoleApp({
        backend: portal.backend,
        portalPort: () => portal.port,
        front: testServiceFront(),
      });
      ({ server: consoleServer, port: consolePort } = await listen(app));
      portal.backend.apps.register(PORTAL_APP_ID, [`http://127.0.0.1:${consolePort}`]);
    });
    after(() => {
      consoleServer.close();
      portal.close();
    });

    /** A sign-in code for the console's callback, as the account service gives it. */
    async function codeFor(username: string) {
      const redirectUri = `http://127.0.0.1:${consolePort}/auth/callback`;
      const signIn = await postSignInForm(portal.port, {
        username,
        password: DEMO_PASSWORD,
        appId: PORTAL_APP_ID,
        redirectUri,
      });
      return new URL(String(signIn.headers.location)).searchParams.get('code') ?? '';
    }

    describe('local console', () => {
      it('after sign-in goes only to a page of its own, whatever the state cookie says', async () => {
        // Cookies are shared by every port of a host: a page on another port can set this one.
        for (const next of ['/\\evil.com', '//evil.com', '/\t/evil.com', 'https://evil.com/', '/%2fevil.com']) {
          const cookie = `console_state=${encodeURIComponent(JSON.stringify({ state: 's1', next }))}`;
          const answer = await request(consolePort, `/auth/callback?code=${await codeFor('demo')}&state=s1`, {
            headers: { Cookie: cookie },
          });
          assert.equal(answer.status, 303, next);
          assert.equal(answer.headers.location, '/welcome', next);
        }
        const cookie = `console_state=${encodeURIComponent(JSON.stringify({ state: 's2', next: '/company/enterprise?x=1' }))}`;
        const kept = await request(consolePort, `/auth/callback?code=${await codeFor('demo')}&state=s2`, {
          headers: { Cookie: cookie },
        });
        assert.equal(kept.headers.location, '/company/enterprise?x=1', 'its own page is kept');
      });

      it('its signed-in pages are never kept by a cache (no-store)', async () => {
        const cookie = `console_state=${encodeURIComponent(JSON.stringify({ state: 's3', next: '/welcome' }))}`;
        const callback = await request(consolePort, `/auth/callback?code=${await codeFor('demo')}&state=s3`, {
          headers: { Cookie: cookie },
        });
        const session = [callback.headers['set-cookie'] ?? []]
          .flat()
          .map((value) => value.split(';')[0])
          .find((value) => value?.startsWith('console_session='));
        assert.ok(session, 'signed in');
        for (const path of ['/welcome', '/company/enterprise', '/company/manager-setting']) {
          const res = await request(consolePort, path, { headers: { Cookie: session } });
          assert.equal(res.status, 200, path);
          assert.equal(res.headers['cache-control'], 'no-store', path);
        }
      });

      it('signs out only when its own page asks, ending the sign-in the portal shares', async () => {
        const signedIn = await request(consolePort, `/auth/callback?code=${await codeFor('demo')}&state=s3`, {
          headers: { Cookie: `console_state=${encodeURIComponent(JSON.stringify({ state: 's3' }))}` },
        });
        const session = [signedIn.headers['set-cookie'] ?? []]
          .flat()
          .map((value) => value.split(';')[0])
          .find((value) => value?.startsWith('console_session='));
        assert.ok(session);
        const token = session.slice('console_session='.length);
        // The first page after a sign-in made here hands the portal a session of the same sign-in.
        const welcome = await request(consolePort, '/welcome', { headers: { Cookie: `${session}; console_share=1` } });
        assert.match(welcome.body, /"type":"set"/);
        assert.match(welcome.body, /退出登录/);
        const own = `http://127.0.0.1:${consolePort}`;
        const forged = await request(consolePort, '/logout', {
          method: 'POST',
          headers: { Cookie: session, Origin: 'http://evil.example' },
        });
        assert.equal(forged.status, 403);
        assert.ok(await portal.backend.accounts.userByAccessToken(token, PORTAL_APP_ID), 'still signed in');
        const out = await request(consolePort, '/logout', {
          method: 'POST',
          headers: { Cookie: session, Origin: own },
        });
        assert.equal(out.status, 200);
        assert.match(out.body, /"type":"clear"/);
        assert.equal(await portal.backend.accounts.userByAccessToken(token, PORTAL_APP_ID), undefined);
      });

      it('leads a certified company without an administrator on to set one, keeping the way back', async () => {
        const cookie = `console_state=${encodeURIComponent(JSON.stringify({ state: 's4' }))}`;
        const callback = await request(consolePort, `/auth/callback?code=${await codeFor('noadmin')}&state=s4`, {
          headers: { Cookie: cookie },
        });
        const session = [callback.headers['set-cookie'] ?? []]
          .flat()
          .map((value) => value.split(';')[0])
          .find((value) => value?.startsWith('console_session='));
        assert.ok(session);
        const back = `http://127.0.0.1:${portal.port}/product/1`;
        const enterprise = await request(
          consolePort,
          `/company/enterprise?${new URLSearchParams({ companyid: '1003', redirectUrl: back })}`,
          { headers: { Cookie: session } },
        );
        assert.equal(enterprise.status, 303);
        assert.equal(
          enterprise.headers.location,
          `/company/manager-setting?${new URLSearchParams({ companyId: '1003', redirectUrl: back })}`,
        );
        const setting = await request(consolePort, String(enterprise.headers.location), {
          headers: { Cookie: session },
        });
        assert.equal(setting.status, 200);
        assert.match(setting.body, /已完成认证，但/);
        // 稍后设置: back to the portal without an administrator, the visitor's choice.
        assert.match(setting.body, new RegExp(`href="${back}\\?webneedrefresh=true"[^>]*>稍后设置`));
      });

      it('answers malformed requests with its own page, without a stack trace or a path', async () => {
        for (const [path, options, status] of [
          ['/%', {}, 404],
          [
            '/company/enterprise',
            {
              method: 'POST',
              body: 'x='.padEnd(6000, 'y'),
              headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            },
            413,
          ],
          [
            '/company/enterprise',
            {
              method: 'POST',
              body: 'x=1',
              headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Encoding': 'zip' },
            },
            415,
          ],
          [
            '/company/enterprise',
            {
              method: 'POST',
              body: 'x=1',
              headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=klingon' },
            },
            415,
          ],
        ] as const) {
          const answer = await request(consolePort, path, options as Parameters<typeof request>[2]);
          assert.equal(answer.status, status, `${path} ${JSON.stringify(options.headers ?? {})}`);
          assert.doesNotMatch(answer.body, /at \w|node_modules|\/work\/|\.ts:\d/, 'no stack trace or path');
          assert.match(answer.body, /控制台/);
        }
      });
    });
  });
}
