import { expect as baseExpect, type Page } from '@playwright/test';
import { fillSignInForm } from './accounts';
import { testWithFilePortal } from './file-portal';
import type { PortalProcess } from './portal-process';

// One sign-in for the portal and the local console (issue #19): certifying and
// setting an administrator change the accounts for good, so a portal of this
// file's own (not the worker's, which other files change).
const test = testWithFilePortal();
test.describe.configure({ mode: 'serial', timeout: 60_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const login = (page: Page) => page.locator('portal-login');
const signInForm = (page: Page) => page.getByRole('heading', { name: '登录智造云' });

/** Signs in through the portal header's sign-in button and comes back to `path`. */
async function signInOnPortal(page: Page, portal: PortalProcess, username: string, path = '/product/1') {
  await page.goto(`${portal.url}${path}`);
  await login(page).getByRole('button', { name: '登录' }).click();
  await fillSignInForm(page, username, 15_000);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
  await expect(login(page).getByRole('button', { name: '退出登录' })).toBeVisible();
}

/** Signs in on the console's own sign-in, and waits until the console has shared it through the hub. */
async function signInOnConsole(page: Page, portal: PortalProcess, username: string) {
  await page.goto(`${portal.consoleUrl}/welcome`);
  await fillSignInForm(page, username, 15_000);
  await page.waitForURL(`${portal.consoleUrl}/welcome`);
  await expect(page.getByRole('heading', { name: '控制台首页' })).toBeVisible();
  await expect(page.locator('html[data-hub="shared"]')).toHaveCount(1);
}

test('signed in on the portal, the console’s welcome, manager-setting and enterprise pages open signed in', async ({
  page,
  portal,
}) => {
  await signInOnPortal(page, portal, 'demo');
  // The name in the header leads to the console's welcome page, signed in.
  await login(page).getByRole('link', { name: /张明/ }).click();
  await page.waitForURL(`${portal.consoleUrl}/welcome`);
  await expect(page.getByRole('heading', { name: '控制台首页' })).toBeVisible();
  await expect(page.getByText('欢迎回来，张明。')).toBeVisible();
  const back = `${portal.url}/product/1`;
  await page.goto(
    `${portal.consoleUrl}/company/manager-setting?${new URLSearchParams({ companyId: '1001', redirectUrl: back })}`,
  );
  await expect(page.getByRole('status')).toContainText('企业管理员为');
  await page.goto(
    `${portal.consoleUrl}/company/enterprise?${new URLSearchParams({ companyid: '1001', redirectUrl: back })}`,
  );
  await expect(page.getByRole('status')).toContainText('已完成认证');
  await expect(signInForm(page)).toHaveCount(0);

  // Signing out on the portal signs out of the console too.
  await page.goto(back);
  // The page shows 登录 at once, then leaves for the account service's logout and comes back:
  // going elsewhere before it is back would race that navigation (net::ERR_ABORTED).
  const cameBack = page.waitForResponse(
    (response) => response.url() === back && response.request().isNavigationRequest(),
  );
  await login(page).getByRole('button', { name: '退出登录' }).click();
  await expect(login(page).getByRole('button', { name: '登录' })).toBeVisible();
  await cameBack;
  await expect(login(page).getByRole('button', { name: '登录' })).toBeVisible();
  await page.goto(`${portal.consoleUrl}/welcome`);
  await expect(signInForm(page)).toBeVisible();
});

test('signed in on the console, the portal opens signed in; signing out on the console signs out of the portal', async ({
  page,
  portal,
}) => {
  await signInOnConsole(page, portal, 'demo');
  await page.goto(`${portal.url}/product/1`);
  await expect(login(page).getByRole('link', { name: /张明/ })).toBeVisible();

  await page.goto(`${portal.consoleUrl}/welcome`);
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page.getByRole('heading', { name: '已退出登录' })).toBeVisible();
  await expect(page.locator('html[data-hub="cleared"]')).toHaveCount(1);
  await page.goto(`${portal.url}/product/1`);
  await expect(login(page).getByRole('button', { name: '登录' })).toBeVisible();
  await page.goto(`${portal.consoleUrl}/welcome`);
  await expect(signInForm(page)).toBeVisible();
});

test('a portal page open while the console signs out is signed out at once', async ({ page, portal, context }) => {
  await signInOnPortal(page, portal, 'demo', '/news');
  const consoleTab = await context.newPage();
  await consoleTab.goto(`${portal.consoleUrl}/welcome`);
  await expect(consoleTab.getByRole('heading', { name: '控制台首页' })).toBeVisible();
  await consoleTab.getByRole('button', { name: '退出登录' }).click();
  await expect(consoleTab.locator('html[data-hub="cleared"]')).toHaveCount(1);
  await expect(login(page).getByRole('button', { name: '登录' })).toBeVisible();
});

test('a portal page left open follows the console through a sign-in, a sign-out and a second sign-in', async ({
  page,
  portal,
  context,
}) => {
  await page.goto(`${portal.url}/news`);
  await expect(login(page).getByRole('button', { name: '登录' })).toBeVisible();
  const consoleTab = await context.newPage();
  for (const round of ['first', 'second']) {
    await signInOnConsole(consoleTab, portal, 'demo');
    await expect(login(page).getByRole('link', { name: /张明/ }), `${round} sign-in`).toBeVisible();
    await consoleTab.getByRole('button', { name: '退出登录' }).click();
    await expect(consoleTab.locator('html[data-hub="cleared"]')).toHaveCount(1);
    await expect(login(page).getByRole('button', { name: '登录' }), `${round} sign-out`).toBeVisible();
  }
});

test('administrator setup, asked for by the portal, is signed in and returns to the page it came from', async ({
  page,
  portal,
}) => {
  await signInOnPortal(page, portal, 'noadmin');
  await page.locator('portal-order-guard').first().getByRole('link', { name: '立即订购' }).click();
  const dialog = page.getByRole('dialog', { name: '请先设置企业管理员' });
  await dialog.getByRole('button', { name: '去设置' }).click();
  await page.waitForURL((url) => url.href.startsWith(`${portal.consoleUrl}/company/manager-setting`));
  await expect(page.getByRole('heading', { name: '设置企业管理员' })).toBeVisible();
  // The console sends the tab back with the flag, which the page then drops from its address:
  // watch for the request, not the address, which may have lost the flag already.
  const back = page.waitForRequest(`${portal.url}/product/1?webneedrefresh=true`);
  await page.getByRole('button', { name: '设为管理员' }).click();
  await back;
  await expect(page).toHaveURL(`${portal.url}/product/1`);
});

test('certification, asked for by the portal, is signed in and returns to the page it came from', async ({
  page,
  portal,
}) => {
  await signInOnPortal(page, portal, 'uncertified');
  await page.locator('portal-order-guard').first().getByRole('link', { name: '立即订购' }).click();
  const dialog = page.getByRole('dialog', { name: '请先完成企业认证' });
  const [consoleTab] = await Promise.all([
    page.waitForEvent('popup'),
    dialog.getByRole('button', { name: '去认证' }).click(),
  ]);
  await expect(consoleTab.getByRole('heading', { name: '企业认证' })).toBeVisible();
  await consoleTab.getByLabel('统一社会信用代码').fill('91320594MA1XY09876');
  await consoleTab.getByLabel('法定代表人').fill('王芳');
  const back = consoleTab.waitForRequest(`${portal.url}/product/1?webneedrefresh=true`);
  await consoleTab.getByRole('button', { name: '提交认证' }).click();
  // The company has no administrator either: the same signed-in visit sets one, then goes back.
  await expect(consoleTab.getByRole('heading', { name: '设置企业管理员' })).toBeVisible();
  await consoleTab.getByRole('button', { name: '设为管理员' }).click();
  await back;
  // The first tab, still on the page, goes on to the order.
  await page.waitForURL(/\/order\/create\?productId=1&edition=\d+$/, { timeout: 20_000 });
});
