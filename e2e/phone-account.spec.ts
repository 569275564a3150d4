import { type BrowserContext, expect as baseExpect, type Page, request } from '@playwright/test';
import { accessTokenOf, fillSignInForm } from './accounts';
import { axeViolations, portalUrl, test } from './fixtures';

/**
 * The account as a visitor meets it: on a phone, in the header's
 * mobile menu (sign in; signed in, the name and 退出); a reload whose user-info
 * call fails on the server's side keeps the visitor signed in and says so once;
 * after signing in, one Back leaves to the page the visitor came from.
 */

// Sign-in goes through the account service and its hub: slower while other tests run.
test.describe.configure({ timeout: 60_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const PHONE = { viewport: { width: 390, height: 844 }, userAgent: PHONE_UA, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const TOKENS_KEY = 'portal.guc.tokens';

let token = '';
test.beforeAll(async () => {
  const api = await request.newContext();
  token = await accessTokenOf(api, portalUrl(), 'demo');
  await api.dispose();
});

/**
 * Cookies agreed (the notice is not this file's subject); signed in as demo (张明)
 * when asked, with the shared sign-in or, for a test that ends it, one of its own.
 */
async function prepare(context: BrowserContext, signedIn: boolean | string) {
  await context.addCookies([{ name: 'cookie-agree', value: 'true', url: portalUrl() }]);
  const accessToken = typeof signedIn === 'string' ? signedIn : token;
  if (signedIn)
    await context.addInitScript(
      ({ key, accessToken }) => {
        // Once per tab: a reload keeps what the page itself made of it.
        if (sessionStorage.getItem('e2e.seeded')) return;
        sessionStorage.setItem('e2e.seeded', '1');
        localStorage.setItem(
          key,
          JSON.stringify({ accessToken, refreshToken: 'unused', expiresAt: Date.now() + 3_600_000 }),
        );
      },
      { key: TOKENS_KEY, accessToken },
    );
}

const header = (page: Page) => page.locator('portal-header');
const toggle = (page: Page) => header(page).locator('button[aria-controls="menu"]');
const menu = (page: Page) => header(page).locator('#menu');

/** Opens the mobile menu as a finger would (a tap before the header's code is here is kept and given again). */
async function openMenu(page: Page) {
  await toggle(page).click();
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
}

/** Records the error toasts the page shows from its start (each shows 1.5 s: looked at every 50 ms). */
async function countToasts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    let showing = '';
    Object.assign(window, { e2eToasts: seen });
    setInterval(() => {
      const toast = document.querySelector('portal-toast')?.shadowRoot?.querySelector('[role="alert"] .toast');
      // The message, without its icon.
      const text = [...(toast?.childNodes ?? [])]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join('')
        .trim();
      if (text && text !== showing) seen.push(text);
      showing = text;
    }, 50);
  });
}
/**
 * The tokens the tab keeps; '' while it is between two documents (coming back from the
 * account service), so a poll reads again instead of failing.
 */
const storedTokens = (page: Page) =>
  page
    .evaluate((key) => localStorage.getItem(key), TOKENS_KEY)
    .catch((error: Error) => {
      if (/Execution context was destroyed|navigat/i.test(error.message)) return '';
      throw error;
    });

/**
 * Signing out leaves for the account service's logout and comes back: resolves once the tab
 * is back on `path` and loaded (reading the page earlier races that navigation).
 * Call it before the action that signs out.
 */
async function backFromSignOut(page: Page, path: string) {
  await page.waitForRequest((request) => request.isNavigationRequest() && request.url().includes('/oauth2/logout'));
  await page.waitForEvent('framenavigated', {
    predicate: (frame) => frame === page.mainFrame() && new URL(frame.url()).pathname === path,
  });
  await page.waitForLoadState();
}

const toastsSeen = (page: Page) => page.evaluate(() => (window as unknown as { e2eToasts: string[] }).e2eToasts);

test.describe('on a phone, the account is in the mobile menu', () => {
  test.use(PHONE);

  test('signed out: 登录 in the menu signs in through the account service and comes back; then the name and 退出, which signs out', async ({
    page,
    context,
  }) => {
    await prepare(context, false);
    await page.goto('/about');
    await expect(page.locator('portal-login')).toHaveCount(0);
    await openMenu(page);
    const signIn = menu(page).getByRole('button', { name: '登录' });
    await expect(signIn).toBeVisible();
    expect((await signIn.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await signIn.click();
    await fillSignInForm(page, 'demo', 15_000);
    await page.waitForURL((url) => url.pathname === '/about' && !url.search);
    await openMenu(page);
    await expect(menu(page)).toContainText('张明');
    const signOut = menu(page).getByRole('button', { name: '退出' });
    await expect(signOut).toBeVisible();
    expect((await signOut.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    const cameBack = backFromSignOut(page, '/about');
    await signOut.click();
    await cameBack;
    expect(await storedTokens(page)).toBeNull();
    await openMenu(page);
    await expect(menu(page).getByRole('button', { name: '登录' })).toBeVisible();
  });

  for (const path of ['/about', '/product/1']) {
    test(`signed in on ${path}: the keyboard reaches 退出 inside the menu, Escape closes it, axe finds nothing`, async ({
      page,
      context,
    }) => {
      await prepare(context, true);
      await page.goto(path);
      // Focus brings the header's code; the loader's own code is waited for (header-keyboard.spec.ts).
      await toggle(page).focus();
      await page.waitForFunction(() => customElements.get('portal-header'));
      await page.keyboard.press('Enter');
      await expect(menu(page)).toContainText('张明');
      const signOut = menu(page).getByRole('button', { name: '退出' });
      let reached = false;
      for (let i = 0; i < 20 && !reached; i++) {
        await page.keyboard.press('Tab');
        reached = await signOut.evaluate(
          (button) =>
            button.getRootNode() instanceof ShadowRoot && (button.getRootNode() as ShadowRoot).activeElement === button,
        );
      }
      expect(reached, 'Tab reaches 退出 in the open menu').toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle(page)).toBeFocused();
    });
  }
});

for (const [device, use] of [
  ['a desktop', DESKTOP],
  ['a phone', PHONE],
] as const) {
  test.describe(`on ${device}, a reload whose user info fails on the server's side`, () => {
    test.use(use);

    /** The signed-in name as the visitor sees it: the header's sign-in, or the mobile menu. */
    const shownName = async (page: Page) => {
      if (device === 'a phone') {
        await openMenu(page);
        return menu(page);
      }
      return page.locator('portal-login');
    };

    for (const [what, failure] of [
      [
        'user info answers 503',
        { path: '**/api/guc/customer/current/customer-info', status: 503, says: '服务不可用，服务器暂时过载或维护!' },
      ],
      [
        'user info answers 500',
        { path: '**/api/guc/customer/current/customer-info', status: 500, says: '服务器错误,请联系管理员!' },
      ],
      [
        'the token check answers 503',
        { path: '**/api/guc/token/verify*', status: 503, says: '服务不可用，服务器暂时过载或维护!' },
      ],
      [
        'user info fails on the network',
        { path: '**/api/guc/customer/current/customer-info', status: 0, says: '网络错误!' },
      ],
    ] as const) {
      test(`${what}: still signed in, one toast`, async ({ page, context }) => {
        await prepare(context, true);
        await countToasts(page);
        await page.goto('/about');
        await expect(await shownName(page)).toContainText('张明');
        await page.route(failure.path, (route) =>
          failure.status ? route.fulfill({ status: failure.status, body: '' }) : route.abort('failed'),
        );
        await page.reload();
        await expect.poll(() => toastsSeen(page)).toEqual([failure.says]);
        await expect(await shownName(page)).toContainText('张明');
        expect(await page.evaluate((key) => localStorage.getItem(key), TOKENS_KEY)).not.toBeNull();
        // Nothing more comes: one toast, not one per call.
        await page.waitForTimeout(500);
        expect(await toastsSeen(page)).toEqual([failure.says]);
      });
    }

    test('user info answers 401: signed out', async ({ page, context }) => {
      // Signing out ends the whole sign-in: one of its own, not the one the other tests share.
      await prepare(context, await accessTokenOf(page.request, portalUrl(), 'demo'));
      await page.goto('/about');
      await expect(await shownName(page)).toContainText('张明');
      await page.route('**/api/guc/customer/current/customer-info', (route) =>
        route.fulfill({ status: 401, contentType: 'application/json', body: '{"code":"401","msg":"未登录"}' }),
      );
      const cameBack = backFromSignOut(page, '/about');
      await page.reload();
      await cameBack;
      expect(await storedTokens(page)).toBeNull();
    });
  });

  test.describe(`on ${device}, Back after signing in`, () => {
    test.use(use);

    test('leaves to the page the visitor came from, not through the account service', async ({ page, context }) => {
      await prepare(context, false);
      await page.goto('/home');
      await page.goto('/about');
      if (device === 'a phone') {
        await openMenu(page);
        await menu(page).getByRole('button', { name: '登录' }).click();
      } else {
        await page.locator('portal-login').getByRole('button', { name: '登录' }).click();
      }
      await fillSignInForm(page, 'demo', 15_000);
      await page.waitForURL((url) => url.pathname === '/about' && !url.search);
      await expect.poll(() => storedTokens(page)).toContain('accessToken');
      await page.goBack();
      await expect(page).toHaveURL(`${portalUrl()}/home`);
    });
  });
}
