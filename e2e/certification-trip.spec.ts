import { expect as baseExpect, type Page } from '@playwright/test';
import { fillSignInForm } from './accounts';
import { testWithFilePortal } from './file-portal';
import type { PortalProcess } from './portal-process';

// Certifying and setting an administrator change `uncertified` for good: a portal of this file's own.
const test = testWithFilePortal();
test.describe.configure({ mode: 'serial', timeout: 60_000 });
// Sign-in goes through the account service and its hub: slower while other tests run.
const expect = baseExpect.configure({ timeout: 15_000 });

const orderButton = (page: Page) => page.locator('portal-order-guard').first().getByRole('link', { name: '立即订购' });

async function signInOnProduct(page: Page, portal: PortalProcess, username: string) {
  await page.goto(`${portal.url}/product/1`);
  await page.locator('portal-login').getByRole('button', { name: '登录' }).click();
  await fillSignInForm(page, username, 15_000);
  await page.waitForURL(`${portal.url}/product/1`);
  await expect(page.locator('portal-login').getByRole('button', { name: '退出登录' })).toBeVisible();
}

test('certification and an administrator in one visit to the console; the first tab goes on to the order, the only portal tab', async ({
  page,
  portal,
}) => {
  const context = page.context();
  await signInOnProduct(page, portal, 'uncertified');
  await orderButton(page).click();
  const dialog = page.getByRole('dialog', { name: '请先完成企业认证' });
  await expect(dialog).toContainText('该账号暂无已完成认证的企业,请先完成企业认证.');
  // Said before the trip, not after it: the company has no administrator either.
  await expect(dialog.locator('[part="admin-note"]')).toHaveText(
    '该企业也还未设置管理员，请在控制台一并完成企业认证和管理员设置。',
  );

  const [consoleTab] = await Promise.all([
    context.waitForEvent('page'),
    dialog.getByRole('button', { name: '去认证' }).click(),
  ]);
  await expect(dialog).toHaveCount(0);
  await expect(consoleTab.getByRole('heading', { name: '企业认证' })).toBeVisible();
  await expect(consoleTab.getByText('第 1 步（共 2 步）')).toBeVisible();
  await consoleTab.getByLabel('统一社会信用代码').fill('91320594MA1XY04321');
  await consoleTab.getByLabel('法定代表人').fill('李华');
  await consoleTab.getByRole('button', { name: '提交认证' }).click();
  // The same visit goes on to the administrator, instead of back to the portal half-way.
  await expect(consoleTab.getByRole('heading', { name: '设置企业管理员' })).toBeVisible();
  await expect(consoleTab.getByRole('status')).toContainText('已完成认证');
  const consoleClosed = consoleTab.waitForEvent('close', { timeout: 20_000 });
  await consoleTab.getByRole('button', { name: '设为管理员' }).click();

  // The console leads back to the portal; the first tab, untouched (no focus or
  // visibility faked here), hears of it, checks again and continues the order;
  // the tab that came back closes itself.
  await page.waitForURL(/\/order\/create\?productId=1&edition=\d+$/, { timeout: 20_000 });
  await consoleClosed;
  await expect(page.locator('portal-order-form').getByLabel('下单企业')).toHaveValue('1002');
  expect(context.pages()).toEqual([page]);
});

test('a portal tab the visitor opened at the return address is not closed when no tab waits', async ({
  page,
  portal,
}) => {
  await signInOnProduct(page, portal, 'demo');
  await page.goto(`${portal.url}/product/1?webneedrefresh=true`);
  await expect(page).toHaveURL(`${portal.url}/product/1`);
  await page.waitForTimeout(500);
  expect(page.isClosed()).toBe(false);
  await orderButton(page).click();
  await page.waitForURL(/\/order\/create\?productId=1&edition=\d+$/);
});
