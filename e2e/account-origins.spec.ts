import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { fillSignInForm } from './accounts';
import { type PortalProcess, startPortalProcess } from './portal-process';

/**
 * ACCOUNT_ORIGINS (issue #19): return origins registered with the embedded account
 * service besides the built-in ones, so a console or a dev server on any origin can
 * sign in. Two pages on origins of their own: one registered, one not.
 */
test.describe.configure({ mode: 'serial', timeout: 60_000 });

let portal: PortalProcess;
const pages: Server[] = [];
let registered: string;
let unregistered: string;

/** An app's page on an origin of its own: the script tag and the sign-in element. */
async function appPage(): Promise<{ server: Server; origin: string }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="zh-CN"><head><title>App</title>
      <script src="${portal.url}/widgets/portal.js" async></script></head>
      <body><h1>App</h1><portal-login></portal-login></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  pages.push(server);
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

test.beforeAll(async () => {
  // The pages need the portal's address, and the portal the page's: listen first, serve later.
  const first = createServer();
  await new Promise<void>((resolve) => first.listen(0, '127.0.0.1', resolve));
  const port = (first.address() as AddressInfo).port;
  await new Promise((resolve) => first.close(resolve));
  registered = `http://127.0.0.1:${port}`;
  portal = await startPortalProcess(3, { env: { ACCOUNT_ORIGINS: `${registered}, https://console.example.cn` } });
  const own = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="zh-CN"><head><title>App</title>
      <script src="${portal.url}/widgets/portal.js" async></script></head>
      <body><h1>App</h1><portal-login></portal-login></body></html>`);
  });
  await new Promise<void>((resolve) => own.listen(port, '127.0.0.1', resolve));
  pages.push(own);
  unregistered = (await appPage()).origin;
});
test.afterAll(async () => {
  for (const server of pages) server.close();
  await portal?.stop();
});

test('a page on an origin that is not registered shows no sign-in, says why once, and the service gives the error /docs names', async ({
  page,
}) => {
  const warnings: string[] = [];
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  await page.goto(`${unregistered}/`);
  // A sign-in button would only lead to the error below: the element renders nothing (issue #34).
  await expect.poll(() => warnings.filter((text) => text.startsWith('[portal]')), { timeout: 15_000 }).toHaveLength(1);
  expect(warnings[0]).toContain(unregistered);
  expect(warnings[0]).toContain('ACCOUNT_ORIGINS');
  await expect
    .poll(() => page.locator('portal-login').evaluate((login) => login.shadowRoot?.childElementCount))
    .toBe(0);
  // Where that button would have gone, the account service says why.
  const signIn = new URLSearchParams({ appId: '9090', redirectUri: `${unregistered}/`, page_type: 'c' });
  await page.goto(`${portal.url}/api/guc/protocol/oauth2/auth?${signIn}`);
  await expect(page.getByRole('heading', { name: '无法继续登录' })).toBeVisible({ timeout: 15_000 });
  const error = (await page.getByRole('alert').textContent())?.trim() ?? '';
  expect(error).toBe('回跳地址不在该应用登记的域名内');
  const docs = await (await page.request.get(`${portal.url}/docs`)).text();
  expect(docs).toContain('ACCOUNT_ORIGINS');
  expect(docs).toContain(error);
});

test('registered with ACCOUNT_ORIGINS, the same page signs in and comes back signed in', async ({ page }) => {
  await page.goto(`${registered}/`);
  await page.locator('portal-login').getByRole('button', { name: '登录' }).click();
  await fillSignInForm(page, 'demo', 15_000);
  await page.waitForURL(`${registered}/`);
  await expect(page.locator('portal-login').getByRole('button', { name: '退出登录' })).toBeVisible({
    timeout: 15_000,
  });
});

test('a malformed ACCOUNT_ORIGINS stops the start with one line naming it, no stack trace', async () => {
  for (const value of ['https://console.example.cn/path', 'https://*.example.cn', 'console.example.cn']) {
    const failure = await startPortalProcess(1, { env: { ACCOUNT_ORIGINS: value } }).then(
      async (started) => {
        await started.stop();
        return '';
      },
      (error: Error) => error.message,
    );
    expect(failure).toContain(`ACCOUNT_ORIGINS must be`);
    expect(failure).toContain(value);
    expect(failure).not.toMatch(/^\s+at /m);
  }
});
