import { randomBytes } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { demoOrder } from '../../host/test-support/demo-order';
import type { Tokens } from '../accounts';
import { settled } from '../fixtures';
import { installToolkit } from './dom';
import type { Screen } from './matrix';

/** The chrome's parts, through open shadow roots (Playwright's CSS pierces them). */
/** The cookie notice: the portal's pages draw it themselves (`#cookie-notice`), other pages have the element. */
const NOTICE_HOST = ':is(#cookie-notice, portal-cookie-notice)';
export const NOTICE = `${NOTICE_HOST} [part~="notice"]`;
export const AGREE = `${NOTICE_HOST} button[part~="agree-button"]`;
export const LAUNCHER = 'portal-chat-launcher button[part~="button"]';
export const PANEL = 'portal-chat-launcher [role="dialog"]';
export const MENU_TOGGLE = ':is(portal-header, portal-topic-header) button[aria-controls][aria-expanded]';
export const HEADER = 'portal-header, portal-topic-header';

/**
 * A page on `screen` in a context of its own, closed afterwards: one test lays a
 * page out on several screens. (No trace is recorded: the report says it all.)
 */
export async function onScreen<T>(browser: Browser, screen: Screen, use: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ ...screen.options, locale: 'zh-CN' });
  try {
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
}

/**
 * Waits until web fonts are in, every finite animation (the notice sliding in) has
 * ended, and the height the cookie notice publishes for the floating controls is
 * the height it has (it follows the bar a frame later, after fonts reflow it).
 */
export async function quiet(page: Page): Promise<void> {
  await installToolkit(page);
  await page.waitForFunction(() => {
    const roots: Array<Document | ShadowRoot> = [document];
    for (const element of window.__layout!.deepElements()) if (element.shadowRoot) roots.push(element.shadowRoot);
    const moving = roots
      .flatMap((root) => root.getAnimations())
      .some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
    const notice = document
      .querySelector(':is(#cookie-notice, portal-cookie-notice)')
      ?.shadowRoot?.querySelector<HTMLElement>('[part~="notice"]');
    const published = document.documentElement.style.getPropertyValue('--portal-cookie-notice-height');
    return document.fonts.status === 'loaded' && !moving && (!notice || published === `${notice.offsetHeight}px`);
  });
}

/**
 * Opens `url` (absolute) as a first-time visitor (the cookie notice shows) or as
 * one who agreed (`cookie-agree=true`), and waits until the page is as a visitor
 * first uses it.
 */
export async function openPage(page: Page, url: string, { agreed }: { agreed: boolean }): Promise<void> {
  const context = page.context();
  if (agreed) await context.addCookies([{ name: 'cookie-agree', value: 'true', url: new URL(url).origin }]);
  else await context.clearCookies({ name: 'cookie-agree' });
  await page.goto(url);
  await settled(page);
  if (!agreed && (await page.locator(NOTICE_HOST).count())) await expect(page.locator(NOTICE)).toBeVisible();
  // The header's sign-in shows a spinner until the sign-in check answers (the light
  // check marks it `data-signed-out` when it finds no one): lay out what follows.
  await expect(page.locator('portal-login:not([data-signed-out]) [data-state="loading"]')).toHaveCount(0, {
    timeout: 10_000,
  });
  await quiet(page);
}

/** Scrolls to the top and waits for the header to show again (it hides while scrolling down). */
export async function backToTop(page: Page): Promise<void> {
  await page.evaluate(() => scrollTo(0, 0));
  if (await page.locator(HEADER).count())
    await expect(page.locator(HEADER).first())
      .not.toHaveAttribute('data-hidden', /.*/, { timeout: 3_000 })
      .catch(() => {});
  await quiet(page);
}

/** The portal's pages in this context find `tokens` where the portal keeps its sign-in. */
export async function signedInAs(page: Page, portalUrl: string, tokens: Tokens): Promise<void> {
  await page.context().addInitScript(
    ({ origin, value }) => {
      if (location.origin === origin) localStorage.setItem('portal.guc.tokens', value);
    },
    { origin: new URL(portalUrl).origin, value: JSON.stringify(tokens) },
  );
}

/** Places an order for `demo`'s company through the API and returns its number. */
export async function placeOrder(request: APIRequestContext, portalUrl: string, tokens: Tokens): Promise<string> {
  const answer = await request.post(`${portalUrl}/api-zzy-portal/api/orders`, {
    headers: { Authorization: `Bearer ${tokens.accessToken}`, companyId: '1001' },
    data: demoOrder(randomBytes(12).toString('base64url')),
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()).result.orderNo;
}
