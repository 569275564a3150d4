import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, type BrowserContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, fillSignInForm } from './accounts';
import { type PortalProcess, startPortalProcess } from './portal-process';

/**
 * Login CSRF (issue #20): a hostile page on another origin tries to sign a
 * visitor, who is signed in as `demo`, into the attacker's account
 * (`uncertified`), so that what the visitor then does lands in the attacker's
 * account. Three ways: posting the account service's sign-in form from another
 * site; the same from a page of the same site (another port of the same host),
 * which can plant the form's cookie and carry a valid token of its own; and
 * sending the visitor to the portal with the attacker's sign-in code, without
 * a `state` or with a forged one. After each the visitor is still `demo`, and
 * the portal never even asked who `uncertified` is.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ mode: 'default', timeout: 60_000 });

const APP_ID = '9090';
const ATTACKER = 'uncertified';
const SIGN_IN = '/api/guc/protocol/oauth2/auth';

let portal: PortalProcess;
let hostile: Server;
/** The hostile pages as another site (`localhost`) and as the same site on another port (`127.0.0.1`). */
let crossSite: string;
let sameSite: string;
/** The visitor's browser storage once signed in as `demo`. */
let signedInAsDemo: Awaited<ReturnType<BrowserContext['storageState']>>;

const home = () => `${portal.url}/home`;

/** What a non-browser client (the attacker's own) gets from the sign-in form: its token and cookie. */
async function signInFormOf(state: string) {
  const query = new URLSearchParams({ appId: APP_ID, redirectUri: home(), state });
  const form = await fetch(`${portal.url}${SIGN_IN}?${query}`);
  const html = await form.text();
  const cookie = (form.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
  return { cookie, csrf };
}

/** A sign-in code for the attacker's account, bound to the portal's home page, as the attacker gets one for himself. */
async function attackersCode(): Promise<string> {
  const { cookie, csrf } = await signInFormOf('attacker');
  const answer = await fetch(`${portal.url}${SIGN_IN}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: portal.url, Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      username: ATTACKER,
      password: DEMO_PASSWORD,
      appId: APP_ID,
      redirectUri: home(),
      state: 'attacker',
      csrf,
    }),
  });
  const code = new URL(answer.headers.get('location') ?? '', portal.url).searchParams.get('code');
  if (!code) throw new Error(`the attacker could not sign in (${answer.status})`);
  return code;
}

const attributeValue = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A page that posts the sign-in form with the attacker's account as soon as it loads. */
function autoSubmit(fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${attributeValue(value)}">`)
    .join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>领取优惠券</title></head><body>
    <form id="f" method="post" action="${portal.url}${SIGN_IN}">${inputs}</form>
    <script>document.getElementById('f').submit()</script></body></html>`;
}

const attackerFields = (extra: Record<string, string> = {}) => ({
  username: ATTACKER,
  password: DEMO_PASSWORD,
  appId: APP_ID,
  redirectUri: home(),
  state: 'attacker',
  ...extra,
});

async function hostilePage(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://hostile');
  const html = (body: string, headers: Record<string, string> = {}) =>
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ...headers }).end(body);
  switch (url.pathname) {
    case '/post':
      return html(autoSubmit(attackerFields()));
    case '/post-with-token': {
      // A page of the same site shares the host's cookies: it plants the form's
      // cookie from its own visit, and the token that goes with it passes the double submit.
      const { cookie, csrf } = await signInFormOf('attacker');
      return html(autoSubmit(attackerFields({ csrf })), {
        'Set-Cookie': `${cookie}; Path=/api/guc/protocol/oauth2; SameSite=Lax`,
      });
    }
    case '/code': {
      const back = new URL(home());
      back.searchParams.set('code', await attackersCode());
      const state = url.searchParams.get('state');
      if (state) back.searchParams.set('state', state);
      return res.writeHead(303, { Location: back.href }).end();
    }
    default:
      return res.writeHead(404).end();
  }
}

/** Who the portal asked the account service about, and every code exchange, seen from the visitor's browser. */
function watchAccounts(context: BrowserContext) {
  const seen = { users: new Set<string>(), exchanges: [] as string[], signInPosts: [] as number[] };
  context.on('response', async (response) => {
    const url = response.url();
    if (url.includes('/api/guc/protocol/oauth2/token/by-code')) seen.exchanges.push(url);
    if (url.includes(SIGN_IN) && response.request().method() === 'POST') seen.signInPosts.push(response.status());
    if (url.includes('/api/guc/customer/current/customer-info') && response.ok()) {
      const userName = (await response.json().catch(() => null))?.result?.userName;
      if (userName) seen.users.add(userName);
    }
  });
  return seen;
}

/** The login widget's link to the console, which carries the signed-in user's name. */
const signedInUser = (page: Page) => page.locator('portal-login').getByRole('link').first();
/** The widget shows demo (张明): a failure says whom it shows instead. */
const showsDemo = (page: Page) => expect(signedInUser(page)).toContainText('张明');

/** The visitor, signed in as demo, in a fresh browser context that watches the account calls. */
async function visitor(browser: Browser) {
  const context = await browser.newContext({ storageState: signedInAsDemo });
  const seen = watchAccounts(context);
  const page = await context.newPage();
  await page.goto(home());
  await showsDemo(page);
  return { context, page, seen };
}

/** Back on the portal: still demo, and `uncertified` was never looked up. */
async function stillDemo(page: Page, seen: ReturnType<typeof watchAccounts>) {
  await page.goto(`${portal.url}/product/1`);
  await showsDemo(page);
  const tokens = await page.evaluate(() => JSON.parse(localStorage.getItem('portal.guc.tokens') ?? 'null'));
  const info = await page.request.get(`${portal.url}/api/guc/customer/current/customer-info`, {
    headers: { Authorization: `Bearer ${tokens?.accessToken}` },
  });
  expect((await info.json()).result?.userName).toBe('demo');
  expect([...seen.users]).toEqual(['demo']);
}

test.beforeAll(async ({ browser }) => {
  portal = await startPortalProcess();
  hostile = createServer((req, res) => {
    hostilePage(req, res).catch((error) => res.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
  const port = (hostile.address() as AddressInfo).port;
  crossSite = `http://localhost:${port}`;
  sameSite = `http://127.0.0.1:${port}`;

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${portal.url}/product/1`);
  await page.locator('portal-login').getByRole('button', { name: '登录' }).click();
  await fillSignInForm(page, 'demo', 15_000);
  await page.waitForURL(`${portal.url}/product/1`);
  await showsDemo(page);
  signedInAsDemo = await context.storageState();
  await context.close();
});

test.afterAll(async () => {
  hostile?.close();
  await portal?.stop();
});

test('another site auto-submitting the sign-in form with its account is refused; the visitor stays demo', async ({
  browser,
}) => {
  const { context, page, seen } = await visitor(browser);
  const posted = page.waitForResponse((r) => r.url().includes(SIGN_IN) && r.request().method() === 'POST');
  await page.goto(`${crossSite}/post`);
  expect((await posted).status()).toBe(403);
  await expect(page.getByText('登录表单已失效或来自其他网站')).toBeVisible();
  expect(seen.signInPosts).toEqual([403]);
  await stillDemo(page, seen);
  expect(seen.exchanges).toEqual([]);
  await context.close();
});

test('a page of the same site planting the form cookie and posting a valid token is refused by the Origin check', async ({
  browser,
}) => {
  const { context, page, seen } = await visitor(browser);
  const posted = page.waitForResponse((r) => r.url().includes(SIGN_IN) && r.request().method() === 'POST');
  await page.goto(`${sameSite}/post-with-token`);
  expect((await posted).status()).toBe(403);
  await expect(page.getByText('登录表单已失效或来自其他网站')).toBeVisible();
  expect(seen.signInPosts).toEqual([403]);
  await stillDemo(page, seen);
  expect(seen.exchanges).toEqual([]);
  await context.close();
});

for (const [name, state] of [
  ['no state', ''],
  ['a forged state', 'forged-state-0123456789'],
] as const) {
  test(`the attacker's code sent to the portal with ${name} signs nobody in; the visitor stays demo`, async ({
    browser,
  }) => {
    const { context, page, seen } = await visitor(browser);
    await page.goto(`${crossSite}/code${state ? `?state=${state}` : ''}`);
    await page.waitForURL((url) => url.origin === portal.url && !url.searchParams.has('code'));
    // The page it lands on keeps the visitor's own sign-in.
    await showsDemo(page);
    await stillDemo(page, seen);
    // The code was never even offered to the account service.
    expect(seen.exchanges).toEqual([]);
    await context.close();
  });
}
