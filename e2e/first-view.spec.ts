import { type Browser, type BrowserContext, devices, type Page } from '@playwright/test';
import { countScripts } from '../bench/bytes';
import { FIRST_VIEW_ROUTES } from '../bench/routes';
import { TARGETS } from '../bench/targets';
import { expect, holdBack, portalUrl, test } from './fixtures';

/**
 * A first anonymous view runs no framework (issue #33): every page kind, on a
 * desktop and a phone, fetches no Preact runtime and no stores until the visitor
 * reaches for a control that needs code, and its scripts stay within the budget.
 */

const header = (page: Page) => page.locator('portal-header');
/** The runtime (Preact) and the stores: what a first view must not fetch. */
const FRAMEWORK = /\/widgets\/chunks\/(runtime|state)-[\w-]{8}\.js$/;

async function visitor(browser: Browser, phone: boolean): Promise<BrowserContext> {
  const { defaultBrowserType: _, ...iPhone } = devices['iPhone 13'];
  return browser.newContext({
    ...(phone ? iPhone : { viewport: { width: 1440, height: 900 } }),
    baseURL: portalUrl(),
    locale: 'zh-CN',
  });
}

for (const phone of [false, true]) {
  test.describe(`first view on a ${phone ? 'phone' : 'desktop'}`, () => {
    for (const route of FIRST_VIEW_ROUTES) {
      test(`${route.label}: no framework, ≤ 5 KB of JavaScript until the visitor acts`, async ({ browser }) => {
        const context = await visitor(browser, phone);
        const page = await context.newPage();
        const framework: string[] = [];
        page.on('request', (request) => FRAMEWORK.test(request.url()) && framework.push(request.url()));
        const measured = countScripts(page);
        await page.goto(route.path, { waitUntil: 'networkidle' });
        // The light sign-in check has answered (a desktop's header shows 登录 by then).
        if (!phone && route.id !== 'topic')
          await expect(page.locator('portal-login[data-signed-out]')).toBeAttached({ timeout: 10_000 });
        // Scrolling is no interaction: down the page and back.
        await page.mouse.wheel(0, 600);
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
        await page.waitForTimeout(300);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForLoadState('networkidle');
        const { scripts, jsGzip } = await measured();
        expect(framework, 'the runtime and the stores').toEqual([]);
        expect(jsGzip, scripts.map(({ path, gzip }) => `${path} ${gzip}`).join('\n')).toBeLessThanOrEqual(
          TARGETS.firstViewJsGzip,
        );
        // The first interaction that needs code brings it.
        const bar = page.locator('portal-header, portal-topic-header').first();
        await expect(async () => {
          await bar.dispatchEvent('pointerover');
          expect(framework.length).toBeGreaterThan(0);
        }).toPass({ timeout: 15_000 });
        await context.close();
      });
    }
  });
}

test.describe('before any script ran', () => {
  /** Opens `path` with every script of the portal held back until `release`. */
  async function heldBack(page: Page, path: string) {
    const held = await holdBack(page, '**/widgets/**');
    await page.goto(path, { waitUntil: 'commit' });
    await held.asked;
    await page.waitForSelector('portal-chat-launcher', { state: 'attached' });
    return held;
  }

  test('a tap on the chat launcher opens the chat once the scripts come', async ({ browser }) => {
    const context = await visitor(browser, true);
    const page = await context.newPage();
    const held = await heldBack(page, '/news/1');
    const launcher = page.locator('portal-chat-launcher').getByRole('button').first();
    const box = await launcher.boundingBox();
    if (!box) throw new Error('the launcher is not laid out');
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    expect(await page.evaluate(() => customElements.get('portal-chat-launcher'))).toBeUndefined();
    held.release();
    await expect(page.locator('portal-chat-launcher').getByRole('dialog')).toBeVisible({ timeout: 15_000 });
    await context.close();
  });

  test('a tap on the phone menu toggle opens the menu once the scripts come', async ({ browser }) => {
    const context = await visitor(browser, true);
    const page = await context.newPage();
    const held = await heldBack(page, '/');
    const box = await header(page).getByRole('button', { name: '打开菜单' }).boundingBox();
    if (!box) throw new Error('the toggle is not laid out');
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    held.release();
    await expect(header(page).getByRole('button', { name: '关闭菜单' })).toHaveAttribute('aria-expanded', 'true', {
      timeout: 15_000,
    });
    await context.close();
  });
});

test('a click on 登录 before the sign-in’s code is here leads to the sign-in', async ({ browser }) => {
  const context = await visitor(browser, false);
  const page = await context.newPage();
  const framework: string[] = [];
  page.on('request', (request) => FRAMEWORK.test(request.url()) && framework.push(request.url()));
  const held = await holdBack(page, '**/widgets/chunks/login-*.js');
  await page.goto('/news');
  const signIn = page.locator('portal-login').getByRole('button', { name: '登录' });
  // Shown by the light check, without the framework.
  await expect(signIn).toBeVisible({ timeout: 10_000 });
  expect(framework).toEqual([]);
  expect(await page.evaluate(() => customElements.get('portal-login'))).toBeUndefined();
  await signIn.click();
  held.release();
  await expect(page.getByRole('heading', { name: '登录智造云' })).toBeVisible({ timeout: 15_000 });
  await context.close();
});

test('a guarded order click before the guard’s code is here is checked, not followed', async ({ browser }) => {
  const context = await visitor(browser, false);
  const page = await context.newPage();
  const held = await holdBack(page, '**/widgets/chunks/order-guard-*.js');
  await page.goto('/product/1', { waitUntil: 'networkidle' });
  await page.locator('portal-order-guard').first().getByRole('link', { name: '立即订购' }).click();
  held.release();
  const dialog = page.locator('portal-order-guard').first().getByRole('dialog');
  await expect(dialog).toContainText('还未登录,请先登录!', { timeout: 15_000 });
  expect(new URL(page.url()).pathname).toBe('/product/1');
  await context.close();
});

for (const phone of [false, true]) {
  test(`on a ${phone ? 'phone' : 'desktop'} the header hides on the way down and shows on the way up, without the framework and with it`, async ({
    browser,
  }) => {
    const context = await visitor(browser, phone);
    const page = await context.newPage();
    const framework: string[] = [];
    page.on('request', (request) => FRAMEWORK.test(request.url()) && framework.push(request.url()));
    await page.goto('/news', { waitUntil: 'networkidle' });
    const bar = header(page);
    const downAndUp = async () => {
      await expect(async () => {
        await page.evaluate(() => window.scrollBy(0, 200));
        await expect(bar).toHaveAttribute('data-hidden', '', { timeout: 500 });
      }).toPass({ timeout: 10_000 });
      await page.waitForTimeout(300);
      await page.evaluate(() => window.scrollBy(0, -150));
      await expect(bar).not.toHaveAttribute('data-hidden', /.*/);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(bar).not.toHaveAttribute('data-hidden', /.*/);
    };
    await downAndUp();
    expect(framework, 'no framework for the scrolling').toEqual([]);
    expect(await page.evaluate(() => customElements.get('portal-header'))).toBeUndefined();
    // Its code, brought by the pointer, follows the same.
    await expect(async () => {
      await bar.dispatchEvent('pointerover');
      expect(await page.evaluate(() => Boolean(customElements.get('portal-header')))).toBe(true);
    }).toPass({ timeout: 15_000 });
    await page.waitForTimeout(300);
    await downAndUp();
    await context.close();
  });
}
