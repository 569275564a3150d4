import { expect as baseExpect, type Locator, type Page } from '@playwright/test';
import { fillSignInForm, testWithOwnPortal as test } from './accounts';
import { axeViolations } from './fixtures';
import type { PortalProcess } from './portal-process';

// newterms's agreements are the subject: a portal of this file's own, where none of them is
// accepted (these tests never accept one, so each finds both pending).
test.describe.configure({ mode: 'serial', timeout: 60_000 });
// Sign-in goes through the account service and its hub: slower while other tests run.
const expect = baseExpect.configure({ timeout: 15_000 });

const SERVER_ERROR = '服务器错误,请联系管理员!';
const signOutButton = (page: Page) => page.locator('portal-login').first().getByRole('button', { name: '退出登录' });
const signInButton = (page: Page) =>
  page.locator('portal-login').first().getByRole('button', { name: '登录', exact: true });
const agreement = (page: Page) => page.getByRole('dialog', { name: '数据处理协议' });
const question = (page: Page) => page.getByRole('alertdialog', { name: '关闭将退出登录' });
const toast = (page: Page) => page.locator('portal-toast').getByRole('alert');

/** Signs in as newterms from `url`'s sign-in button and comes back there. */
async function signIn(page: Page, url: string) {
  await page.goto(url);
  await signInButton(page).click();
  await fillSignInForm(page, 'newterms', 15_000);
  await page.waitForURL((back) => back.href.startsWith(url));
}

/** Is the element that has focus (looking into shadow roots) inside `locator`? */
const holdsFocus = (locator: Locator) =>
  locator.evaluate((element) => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return element.contains(active);
  });

/** Escape on the agreement asks; Escape on the question reads on, as often as the visitor likes. */
async function escapeAsksAndReadsOn(page: Page) {
  const dialog = agreement(page);
  for (let round = 0; round < 2; round++) {
    await page.keyboard.press('Escape');
    await expect(question(page)).toBeVisible();
    await expect(question(page)).toContainText('门户与控制台都将退出登录');
    await expect(question(page).getByRole('button', { name: '继续阅读' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(question(page)).toBeHidden();
    await expect(dialog).toBeVisible();
    expect(await holdsFocus(dialog), 'focus stays in the dialog').toBe(true);
  }
}

test('Escape and ✕ ask before the agreement dialog signs out; Escape on the question reads on', async ({
  page,
  portal,
}) => {
  await signIn(page, `${portal.url}/home`);
  const dialog = agreement(page);
  await expect(dialog).toBeVisible();
  await escapeAsksAndReadsOn(page);
  await expect(signOutButton(page)).toBeAttached();

  await dialog.getByRole('button', { name: '关闭并退出登录' }).click();
  await expect(question(page).getByRole('button', { name: '继续阅读' })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  // Tab goes round the question's two choices only: the agreement behind it is inert.
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Tab');
    expect(await holdsFocus(question(page)), `Tab ${i + 1}`).toBe(true);
  }
  await question(page).getByRole('button', { name: '继续阅读' }).click();
  await expect(question(page)).toBeHidden();
  await expect(dialog.getByRole('button', { name: '关闭并退出登录' })).toBeFocused();

  await dialog.getByRole('button', { name: '关闭并退出登录' }).click();
  await question(page).getByRole('button', { name: '退出登录' }).click();
  await expect(signInButton(page)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('portal.guc.tokens'))).toBeNull();
});

for (const { width, path } of [
  { width: 360, path: '/product/1' }, // the dark theme
  { width: 390, path: '/home' },
]) {
  test(`the question fits a ${width} px phone on ${path}, its choices 44 px tall`, async ({ page, portal }) => {
    await page.setViewportSize({ width, height: 740 });
    await signIn(page, `${portal.url}${path}`);
    await expect(agreement(page)).toBeVisible();
    await page.keyboard.press('Escape');
    const box = question(page);
    await expect(box).toBeVisible();
    const bounds = await agreement(page).boundingBox();
    for (const name of ['继续阅读', '退出登录']) {
      const button = await box.getByRole('button', { name }).boundingBox();
      expect(button?.height, name).toBeGreaterThanOrEqual(44);
      expect(button && bounds && button.x >= bounds.x && button.x + button.width <= bounds.x + bounds.width).toBe(true);
    }
    const closeButton = await agreement(page).locator('[part="close-button"]').boundingBox();
    expect(closeButton?.height).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await axeViolations(page)).toEqual([]);
  });
}

test('a failed agreement check says so once and signs no one out; the next page checks again', async ({
  page,
  portal,
}) => {
  await page.route('**/contract/check', (route) => route.fulfill({ status: 500, json: { code: '500', msg: '' } }));
  await signIn(page, `${portal.url}/home`);
  await expect(toast(page)).toContainText(SERVER_ERROR);
  await expect(signOutButton(page)).toBeVisible();
  await expect(agreement(page)).toHaveCount(0);

  await page.unroute('**/contract/check');
  await page.goto(`${portal.url}/news`);
  await expect(agreement(page)).toBeVisible();
  await expect(signOutButton(page)).toBeAttached();
});

test.describe('in the console demo, which embeds <portal-agreement-dialog>', () => {
  const consoleUrl = (portal: PortalProcess) => `${portal.demoUrls.console}/orders`;

  test('a failed check toasts and keeps the sign-in; the check is made again when the network is back', async ({
    page,
    portal,
  }) => {
    await page.route('**/contract/check', (route) => route.abort('connectionrefused'));
    await signIn(page, consoleUrl(portal));
    await expect(toast(page)).toContainText('网络错误!');
    await expect(page.locator('portal-login [data-state]').first()).toHaveAttribute('data-state', 'signed-in');
    await page.unroute('**/contract/check');
    await page.evaluate(() => dispatchEvent(new Event('online')));
    await expect(agreement(page)).toBeVisible();

    await escapeAsksAndReadsOn(page);
    await page.keyboard.press('Escape');
    await question(page).getByRole('button', { name: '退出登录' }).click();
    // Through the account service, which signs out everywhere and sends the visitor back here.
    await expect(page.locator('portal-login [data-state]').first()).toHaveAttribute('data-state', 'signed-out');
    await expect(page).toHaveURL(consoleUrl(portal));
  });
});
