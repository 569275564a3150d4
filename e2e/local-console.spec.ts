import { expect, type Page } from '@playwright/test';
import { accessTokenOf, fillSignInForm } from './accounts';
import { testWithFilePortal } from './file-portal';
import type { PortalProcess } from './portal-process';

// These flows change accounts for good and expect them as seeded: a portal of this file's own.
const test = testWithFilePortal();
test.describe.configure({ mode: 'serial' });

const signInAs = fillSignInForm;

async function verifyBusiness(page: Page, portal: PortalProcess, username: string) {
  const accessToken = await accessTokenOf(page.request, portal.url, username);
  const auth = { headers: { Authorization: `Bearer ${accessToken}` } };
  return {
    hasAdmin: (await (await page.request.get(`${portal.url}/api-kernel-portal/api/verify/business`, auth)).json())
      .result,
    certified: (
      await (await page.request.get(`${portal.url}/api-kernel-portal/api/sys-users/common-login-info`, auth)).json()
    ).result.potalStatus,
  };
}

test('noadmin sets an administrator and returns to the portal with webneedrefresh=true', async ({ page, portal }) => {
  expect((await verifyBusiness(page, portal, 'noadmin')).hasAdmin).toBe(false);
  const back = `${portal.url}/product/1`;
  await page.goto(
    `${portal.consoleUrl}/company/manager-setting?${new URLSearchParams({ companyId: '1003', redirectUrl: back })}`,
  );
  await signInAs(page, 'noadmin');
  await expect(page.getByRole('heading', { name: '设置企业管理员' })).toBeVisible();
  // The page drops the flag from its address once loaded: watch the request, not the address.
  const returned = page.waitForRequest(`${back}?webneedrefresh=true`);
  await page.getByRole('button', { name: '设为管理员' }).click();
  await returned;
  expect((await verifyBusiness(page, portal, 'noadmin')).hasAdmin).toBe(true);
});

test('uncertified certifies the company in the console', async ({ page, portal }) => {
  const back = `${portal.url}/order/create?productId=1`;
  await page.goto(
    `${portal.consoleUrl}/company/enterprise?${new URLSearchParams({ companyid: '1002', redirectUrl: back })}`,
  );
  await signInAs(page, 'uncertified');
  const code = page.getByLabel('统一社会信用代码');
  await code.fill('123');
  await page.getByLabel('法定代表人').fill('李华');
  await page.getByRole('button', { name: '提交认证' }).click();
  // The browser refuses it first...
  expect(await code.evaluate((input: HTMLInputElement) => input.validity.patternMismatch)).toBe(true);
  await expect(page.getByRole('heading', { name: '企业认证' })).toBeVisible();
  // ...and the server again, for a client that skips the browser's checks.
  await page.locator('main form').evaluate((form: HTMLFormElement) => {
    form.noValidate = true;
  });
  await page.getByRole('button', { name: '提交认证' }).click();
  await expect(page.getByRole('alert')).toContainText('18 位');
  await page.getByLabel('统一社会信用代码').fill('91320594MA1XY01234');
  const returned = page.waitForRequest(
    (request) =>
      request.isNavigationRequest() &&
      request.url().startsWith(`${portal.url}/order/create`) &&
      new URL(request.url()).searchParams.get('webneedrefresh') === 'true',
  );
  await page.getByRole('button', { name: '提交认证' }).click();
  // Without an administrator the company still cannot order: the same visit goes on to set one,
  // with the same way back.
  await expect(page.getByRole('heading', { name: '设置企业管理员' })).toBeVisible();
  await page.getByRole('button', { name: '设为管理员' }).click();
  await returned;
  const company = await verifyBusiness(page, portal, 'uncertified');
  expect(company.certified).toBe(true);
  expect(company.hasAdmin).toBe(true);
});

test('a return address outside the allowed origins is not followed', async ({ page, portal }) => {
  await page.goto(`${portal.consoleUrl}/welcome`);
  await signInAs(page, 'demo');
  await expect(page.getByRole('heading', { name: '控制台首页' })).toBeVisible();
  await page.goto(
    `${portal.consoleUrl}/company/manager-setting?${new URLSearchParams({ companyId: '1001', redirectUrl: 'https://evil.example/' })}`,
  );
  await expect(page.getByRole('status')).toContainText('企业管理员为');
  await expect(page.getByRole('link', { name: '返回' })).toHaveAttribute('href', '/welcome');
});

test('another company cannot be managed', async ({ page, portal }) => {
  await page.goto(`${portal.consoleUrl}/company/enterprise?companyid=1002`);
  await signInAs(page, 'demo');
  await expect(page.getByRole('heading', { name: '无权操作' })).toBeVisible();
});
