import { expect, test } from '@playwright/test';
import { issuedVisitor } from '../backend/test-support/chat-visitor';
import { DEMO_PASSWORD } from './accounts';
import type { RawAnswer } from './hostile/raw-http';
import { offSite } from './hostile/redirect-checks';
import { redirectPayloads } from './hostile/redirect-payloads';
import { accessToken, consoleForm, cookieFrom, postSignIn, send, signInForm, traffic } from './hostile/sessions';
import { type PortalProcess, startPortalProcess } from './portal-process';

/**
 * Open redirects: every return address the server takes (sign-in, sign-out, the
 * console's page after sign-in and its `redirectUrl`, `/transfer`, the chat's
 * card links, and the host names pages and redirects are built from) gets the
 * same list of addresses that try to leave the allowed origins. No answer may
 * send a browser off them (Location, meta refresh, script), nor link to the
 * attacker's host or a script URL; a redirect within them is followed, one off
 * them never is.
 */

test.describe.configure({ mode: 'serial', timeout: 90_000 });

let portal: PortalProcess;
/** The origins registered for the portal's app: the portal, the console and the demo sites, by name and address. */
let registered: Set<string>;

test.beforeAll(async () => {
  // A server of its own, trusting the loopback proxy, so that the proxy's headers are return addresses too.
  portal = await startPortalProcess(3, { env: { TRUST_PROXY: 'loopback' } });
  const port = Number(new URL(portal.url).port);
  registered = new Set(
    [0, 1, 2, 3, 4].flatMap((offset) => [`http://127.0.0.1:${port + offset}`, `http://localhost:${port + offset}`]),
  );
});
test.afterAll(async () => {
  console.log(`hostile redirects: ${traffic.requests} requests`);
  await portal?.stop();
});

type Request = Parameters<typeof send>[1];

/**
 * Sends a request and follows its redirects within `allowed` as a browser
 * would (up to five); a redirect anywhere else is a problem and is not followed.
 */
async function visit(origin: string, request: Request, allowed = registered, follow = true): Promise<string[]> {
  const problems: string[] = [];
  let page = pageOf(origin, request);
  let answer: RawAnswer = await send(origin, request);
  for (let hop = 0; hop < 5; hop++) {
    const found = offSite(answer, page, allowed);
    problems.push(...found.map((problem) => `${request.method} ${page}: ${problem}`));
    const location = answer.headers.location;
    if (found.length || location === undefined || !follow) break;
    page = new URL(location, page).href;
    answer = await send(new URL(page).origin, { method: 'GET', target: new URL(page).pathname + new URL(page).search });
  }
  return problems;
}

/**
 * The address a browser is at when it made this request: the host it named (a
 * Host header of the test's choosing stands for a name pointed at the server),
 * and the path of the target, even one in absolute form or starting with `//`.
 */
function pageOf(origin: string, request: Request): string {
  const host = request.headers?.find(([name]) => name.toLowerCase() === 'host')?.[1] ?? new URL(origin).host;
  const path = /^[a-z][\w+.-]*:/i.test(request.target) ? new URL(request.target).pathname : request.target;
  const page = `${new URL(origin).protocol}//${host}${path}`;
  return URL.canParse(page) ? page : `${origin}${path}`;
}

const query = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = 'application/x-www-form-urlencoded';

test('sign-in (oauth2/auth): every payload is refused, and a completed sign-in returns only to a registered origin', async () => {
  const problems: string[] = [];
  const legit = await signInForm(portal.url, { appId: '9090', redirectUri: `${portal.url}/home`, state: 'legit' });
  // The control: a registered address completes the sign-in and goes back there with a code.
  const back = await postSignIn(portal.url, { appId: '9090', redirectUri: `${portal.url}/product/1` });
  expect(back.headers.location).toMatch(new RegExp(`^${portal.url}/product/1\\?code=`));
  for (const redirectUri of redirectPayloads(portal.url)) {
    const fields = { appId: '9090', redirectUri, page_type: 'c', state: 'hostile' };
    const form = await send(portal.url, { method: 'GET', target: `/api/guc/protocol/oauth2/auth?${query(fields)}` });
    problems.push(...offSite(form, `${portal.url}/api/guc/protocol/oauth2/auth`, registered));
    // Shown a form after all? Then sign in on it, as a browser would, and see where it leads.
    if (/name="csrf"/.test(form.body)) {
      problems.push(`the sign-in form was shown for ${JSON.stringify(redirectUri)}`);
      const signIn = await postSignIn(portal.url, fields);
      problems.push(...offSite(signIn, `${portal.url}/api/guc/protocol/oauth2/auth`, registered));
    }
    // A post made up by the attacker, with a token of the legitimate form.
    problems.push(
      ...(await visit(portal.url, {
        method: 'POST',
        target: '/api/guc/protocol/oauth2/auth',
        headers: [
          ['Origin', portal.url],
          ['Cookie', legit.cookie],
          ['Content-Type', FORM],
        ],
        body: query({ ...fields, username: 'demo', password: DEMO_PASSWORD, csrf: legit.csrf }),
      })),
    );
  }
  expect(problems).toEqual([]);
});

test('sign-out (oauth2/logout) returns only to a registered origin', async () => {
  const problems: string[] = [];
  const control = `/api/guc/protocol/oauth2/logout?${query({ token: 'x', redirectUri: `${portal.url}/news` })}`;
  expect((await send(portal.url, { method: 'GET', target: control })).headers.location).toBe(`${portal.url}/news`);
  for (const redirectUri of redirectPayloads(portal.url))
    problems.push(
      ...(await visit(portal.url, {
        method: 'GET',
        target: `/api/guc/protocol/oauth2/logout?${query({ token: 'x', redirectUri })}`,
      })),
    );
  expect(problems).toEqual([]);
});

/** A sign-in code for the console's callback, with `state`, as the account service gives it. */
async function consoleCode(state: string): Promise<string> {
  const signIn = await postSignIn(portal.url, {
    appId: '9090',
    redirectUri: `${portal.consoleUrl}/auth/callback`,
    page_type: 'c',
    state,
  });
  return new URL(signIn.headers.location ?? '', portal.url).searchParams.get('code') ?? '';
}

test('console: the page after sign-in stays on the console, whatever the state cookie or the address asked for', async () => {
  const problems: string[] = [];
  // Only the console itself: the next hop (its page, or the sign-in without a session) is not followed.
  const consoleOnly = new Set([portal.consoleUrl]);
  const planted = (next: string) => `console_state=${encodeURIComponent(JSON.stringify({ state: 'planted', next }))}`;
  const control = await send(portal.consoleUrl, {
    method: 'GET',
    target: `/auth/callback?${query({ code: await consoleCode('planted'), state: 'planted' })}`,
    headers: [['Cookie', planted('/company/enterprise?companyid=1001')]],
  });
  expect(control.headers.location).toBe('/company/enterprise?companyid=1001');
  // The state cookie as a page of another port of the same host could plant it (cookies ignore ports).
  for (const next of redirectPayloads(portal.consoleUrl)) {
    const code = await consoleCode('planted');
    problems.push(
      ...(await visit(
        portal.consoleUrl,
        {
          method: 'GET',
          target: `/auth/callback?${query({ code, state: 'planted' })}`,
          headers: [['Cookie', planted(next)]],
        },
        consoleOnly,
        false,
      )),
    );
  }
  // The address a visitor asked for before signing in, through the whole round trip.
  for (const target of ['/welcome', 'http://evil.com/welcome', '/welcome?next=//evil.com', '/welcome//evil.com']) {
    const first = await send(portal.consoleUrl, { method: 'GET', target });
    problems.push(...offSite(first, pageOf(portal.consoleUrl, { method: 'GET', target }), registered));
    const stateCookie = cookieFrom(first, 'console_state');
    const state = new URL(first.headers.location ?? '/', portal.url).searchParams.get('state');
    if (!stateCookie || !state) continue; // refused before sign-in
    const code = await consoleCode(state);
    problems.push(
      ...(await visit(
        portal.consoleUrl,
        { method: 'GET', target: `/auth/callback?${query({ code, state })}`, headers: [['Cookie', stateCookie]] },
        consoleOnly,
        false,
      )),
    );
  }
  expect(problems).toEqual([]);
});

test('console: manager-setting and enterprise return only to the portal’s registered origins', async () => {
  const problems: string[] = [];
  const session = async (username: string) => `console_session=${await accessToken(portal.url, username)}`;
  const [demo, noadmin, uncertified] = [await session('demo'), await session('noadmin'), await session('uncertified')];
  // The forms' tokens, taken before the first post changes the account.
  const managerForm = await consoleForm(portal.consoleUrl, noadmin, '/company/manager-setting?companyId=1003');
  const enterpriseForm = await consoleForm(portal.consoleUrl, uncertified, '/company/enterprise?companyid=1002');
  const posted = (
    cookie: string,
    form: { csrf: string; cookie: string },
    path: string,
    fields: Record<string, string>,
  ) => ({
    method: 'POST',
    target: path,
    headers: [
      ['Origin', portal.consoleUrl],
      ['Cookie', `${cookie}; ${form.cookie}`],
      ['Content-Type', FORM],
    ] as Array<[string, string]>,
    body: query({ ...fields, csrf: form.csrf }),
  });
  const post = (...args: Parameters<typeof posted>) => visit(portal.consoleUrl, posted(...args));
  // The control: the portal's own page is where the form goes back to.
  const control = posted(noadmin, managerForm, '/company/manager-setting', {
    companyId: '1003',
    redirectUrl: `${portal.url}/product/1`,
  });
  expect((await send(portal.consoleUrl, control)).headers.location).toBe(`${portal.url}/product/1?webneedrefresh=true`);
  for (const redirectUrl of redirectPayloads(portal.url)) {
    for (const target of [
      `/company/manager-setting?${query({ companyId: '1001', redirectUrl })}`,
      `/company/enterprise?${query({ companyid: '1001', redirectUrl })}`,
    ])
      problems.push(...(await visit(portal.consoleUrl, { method: 'GET', target, headers: [['Cookie', demo]] })));
    problems.push(
      ...(await post(noadmin, managerForm, '/company/manager-setting', { companyId: '1003', redirectUrl })),
      ...(await post(uncertified, enterpriseForm, '/company/enterprise', {
        companyId: '1002',
        name: '测试企业',
        creditCode: '91320594MA1XY01234',
        legalPerson: '李华',
        redirectUrl,
      })),
    );
  }
  expect(problems).toEqual([]);
});

test('/transfer?url= continues only to the friendly links and the console', async () => {
  const problems: string[] = [];
  const control = `/transfer?${query({ url: 'https://www.miit.gov.cn/' })}`;
  expect((await send(portal.url, { method: 'GET', target: control })).status).toBe(200);
  for (const url of redirectPayloads(portal.consoleUrl)) {
    const target = `/transfer?${query({ url })}`;
    const answer = await send(portal.url, { method: 'GET', target });
    problems.push(...offSite(answer, portal.url + target, registered));
    if (answer.status !== 400) problems.push(`${JSON.stringify(url)} was let through (${answer.status})`);
  }
  expect(problems).toEqual([]);
});

test('/cookie-agree goes back only to a path of this site', async () => {
  const problems: string[] = [];
  const agree = (back: string): Request => ({
    method: 'POST',
    target: '/cookie-agree',
    headers: [
      ['Origin', portal.url],
      ['Content-Type', FORM],
    ],
    body: query({ back }),
  });
  // The control: the page the notice was on.
  expect((await send(portal.url, agree('/product/1'))).headers.location).toBe('/product/1');
  for (const back of redirectPayloads(portal.url)) {
    problems.push(...(await visit(portal.url, agree(back))));
    const answer = await send(portal.url, agree(back));
    // A payload that is a path of this site after all (`/.//evil.com`) goes back to it; anything else is refused.
    const onSite = answer.status === 303 && new URL(answer.headers.location ?? '', portal.url).origin === portal.url;
    if (answer.status !== 400 && !onSite) problems.push(`${JSON.stringify(back)} was let through (${answer.status})`);
  }
  expect(problems).toEqual([]);
});

test('host names are return addresses too: Host and the proxy’s headers lead nowhere else', async () => {
  const problems: string[] = [];
  const consoleHost = new URL(portal.consoleUrl).host;
  const hostile: Array<Array<[string, string]>> = [
    [['Host', 'evil.com']],
    [['Host', `${consoleHost}@evil.com`]],
    [['Host', `evil.com#${consoleHost}`]],
    [['X-Forwarded-Host', 'evil.com']],
    [['X-Forwarded-Host', `${consoleHost}.evil.com`]],
    [['X-Forwarded-Host', 'evil.com, localhost']],
    [['X-Forwarded-Proto', 'javascript']],
    [['X-Forwarded-Proto', 'https']],
  ];
  for (const headers of hostile) {
    // The console's way to the sign-in, and the portal's pages that name their own address.
    problems.push(...(await visit(portal.consoleUrl, { method: 'GET', target: '/welcome', headers })));
    for (const target of [
      '/',
      '/certification',
      `/transfer?${query({ url: `${portal.consoleUrl}/welcome` })}`,
      '/docs',
    ])
      problems.push(...(await visit(portal.url, { method: 'GET', target, headers })));
  }
  // A page rendered for a request whose proxy said `javascript` is kept and served to everyone: not with that scheme.
  for (const headers of [[['X-Forwarded-Proto', 'javascript']], []] as Array<Array<[string, string]>>)
    problems.push(...(await visit(portal.url, { method: 'GET', target: '/news/7', headers })));
  // Folders and paths that look like another host.
  for (const target of ['//evil.com/%2e%2e/media/films', '/media/films', 'http://evil.com/media/films', '/\\evil.com/'])
    problems.push(...(await visit(portal.url, { method: 'GET', target })));
  expect(problems).toEqual([]);
});

test('chat cards link only to the portal itself', async () => {
  const problems: string[] = [];
  let accepted = 0;
  for (const url of redirectPayloads(portal.url)) {
    // Whatever the visitor's page says the card links to: the old shape (a whole card) and the new (which item).
    for (const card of [
      { title: '卡片', description: '', picUrl: url, url },
      { type: 1, associationNo: 'P2025001', url, picUrl: url },
    ]) {
      const answer = await send(portal.url, {
        method: 'POST',
        target: '/api/chat/messages',
        headers: [
          ['Origin', portal.url],
          ['X-Chat-Visitor', await issuedVisitor(portal.url)],
          ['Content-Type', 'application/json'],
        ],
        body: JSON.stringify({ kind: 'card', card }),
      });
      const stored = answer.status === 200 ? JSON.parse(answer.body).result?.card : undefined;
      if (stored) accepted++;
      for (const address of [stored?.url, stored?.picUrl].filter((value) => typeof value === 'string' && value)) {
        const target = URL.canParse(address, portal.url) ? new URL(address, portal.url) : undefined;
        if (target?.origin !== new URL(portal.url).origin)
          problems.push(`card address ${JSON.stringify(address)} kept for ${JSON.stringify(url)}`);
      }
    }
  }
  expect(problems).toEqual([]);
  // Cards were sent and kept: the addresses above were looked at.
  expect(accepted).toBeGreaterThan(0);
});
