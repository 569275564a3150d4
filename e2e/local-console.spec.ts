import { test as base, expect, type Page } from '@playwright/test';
import { type PortalProcess, startPortalProcess } from './portal-process';

// These flows change accounts for good, so they get a portal of their own.
const test = base.extend<object, { portal: PortalProcess }>({
  portal: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => {
      const portal = await startPortalProcess();
      await use(portal);
      await portal.stop();
    },
    { scope: 'worker' },
  ],
});
test.describe.configure({ mode: 'serial' });

async function signInAs(page: Page, username: string) {
  await expect(page.getByRole('heading', { name: '登录智造云' })).toBeVisible();
  await page.getByLabel('账号', { exact: true }).fill(username);
  await page.getByLabel('密码', { exact: true }).fill('Demo@2026');
  await page.getByRole('button', { name: '登录' }).click();
}

async function verifyBusiness(page: Page, portal: PortalProcess, username: string) {
  const back = `${portal.url}/home`;
  const form = new URLSearchParams({ username, password: 'Demo@2026', appId: '9090', redirectUri: back });
  const signIn = await page.request.post(`${portal.url}/api/guc/protocol/oauth2/auth`, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    data: form.toString(),
    maxRedirects: 0,
  });
  const code = new URL(signIn.headers().location ?? '').searchParams.get('code') ?? '';
  const tokens = (
    await (
      await page.request.get(
        `${portal.url}/api/guc/protocol/oauth2/token/by-code?${new URLSearchParams({ code, appId: '9090', redirectUri: back })}`,
      )
    ).json()
  ).result;
  const auth = { headers: { Authorization: `Bearer ${tokens.accessToken}` } };
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
  await page.getByRole('button', { name: '设为管理员' }).click();
  await page.waitForURL(`${back}?webneedrefresh=true`);
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
  await page.locator('form').evaluate((form: HTMLFormElement) => {
    form.noValidate = true;
  });
  await page.getByRole('button', { name: '提交认证' }).click();
  await expect(page.getByRole('alert')).toContainText('18 位');
  await page.getByLabel('统一社会信用代码').fill('91320594MA1XY01234');
  await page.getByRole('button', { name: '提交认证' }).click();
  await page.waitForURL(
    (url) => url.href.startsWith(`${portal.url}/order/create`) && url.searchParams.get('webneedrefresh') === 'true',
  );
  expect((await verifyBusiness(page, portal, 'uncertified')).certified).toBe(true);
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
