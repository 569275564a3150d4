import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { type PortalProcess, startPortalProcess } from './portal-process';

/**
 * Partner pages (issue #19): on an origin the portal does not list, `chat.js` says
 * so once and shows no launcher, and the sign-in element does not frame a hub that
 * would refuse it. A portal of its own that lists one partner origin.
 */
test.describe.configure({ mode: 'default', timeout: 60_000 });

let portal: PortalProcess;
let partner: Server;
let stranger: Server;
let partnerUrl: string;
let strangerUrl: string;

/** The one chat tag and the sign-in element, under a strict CSP that allows the portal. */
const page = (portalUrl: string) => (_req: unknown, res: import('node:http').ServerResponse) => {
  res.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': `default-src 'self'; script-src ${portalUrl}; img-src ${portalUrl}; connect-src ${portalUrl}; frame-src ${portalUrl}`,
  });
  res.end(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>合作伙伴</title>
    <script src="${portalUrl}/widgets/portal.js" async></script>
    <script src="${portalUrl}/widgets/chat.js" async></script></head>
    <body><main><h1>合作伙伴页面</h1><portal-login></portal-login></main></body></html>`);
};

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, 'localhost', () => resolve(`http://localhost:${(server.address() as AddressInfo).port}/`)),
  );

test.beforeAll(async () => {
  partner = createServer();
  partnerUrl = await listen(partner);
  stranger = createServer();
  strangerUrl = await listen(stranger);
  portal = await startPortalProcess(3, { env: { CHAT_PARTNER_ORIGINS: new URL(partnerUrl).origin } });
  partner.on('request', page(portal.url));
  stranger.on('request', page(portal.url));
});
test.afterAll(async () => {
  partner?.close();
  stranger?.close();
  await portal?.stop();
});

type Message = { type: string; text: string };

test('on an origin not listed: one warning naming it and CHAT_PARTNER_ORIGINS, no launcher, ready rejects, no sign-in, no hub, no CSP error', async ({
  page: tab,
}) => {
  const messages: Message[] = [];
  tab.on('console', (message) => messages.push({ type: message.type(), text: message.text() }));
  tab.on('pageerror', (error) => messages.push({ type: 'pageerror', text: error.message }));
  const hubRequests: string[] = [];
  tab.on('request', (request) => {
    if (request.url().includes('/api/guc/view/token/hub?')) hubRequests.push(request.url());
  });
  await tab.goto(strangerUrl);
  const origin = new URL(strangerUrl).origin;
  // The sign-in element renders nothing, says why once, and frames no hub that would refuse it (issue #34).
  await expect
    .poll(() => messages.filter((m) => m.type === 'warning' && /ACCOUNT_ORIGINS/.test(m.text)), { timeout: 10_000 })
    .toHaveLength(1);
  await expect.poll(() => tab.locator('portal-login').evaluate((login) => login.shadowRoot?.childElementCount)).toBe(0);
  expect(hubRequests).toEqual([]);
  expect(messages.filter((m) => /Content.Security.Policy|frame-ancestors/i.test(m.text))).toEqual([]);
  const reason = await tab.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const wait = () => {
          const chat = (window as unknown as { portalChat?: { ready?: Promise<void> } }).portalChat;
          if (!chat?.ready) return void setTimeout(wait, 50);
          chat.ready.then(
            () => resolve('kept'),
            (error: Error) => resolve(error.message),
          );
        };
        wait();
      }),
  );
  expect(reason).toContain(origin);
  expect(reason).toContain('CHAT_PARTNER_ORIGINS');
  await expect(tab.locator('portal-chat-launcher')).toHaveCount(0);
  const warnings = messages.filter((m) => m.type === 'warning' && /chat/i.test(m.text));
  expect(warnings).toHaveLength(1);
  expect(warnings[0]?.text).toContain(origin);
  expect(warnings[0]?.text).toContain('CHAT_PARTNER_ORIGINS');
  expect(hubRequests).toEqual([]);
  expect(messages.filter((m) => m.type === 'error' || m.type === 'pageerror')).toEqual([]);
  // The service refuses this origin whatever a page tries.
  const status = await tab.evaluate(
    async (base) => (await fetch(`${base}/api/chat/messages`, { method: 'GET' })).status,
    portal.url,
  );
  expect(status).toBe(403);
});

test('on a listed partner origin the launcher shows, with no warning', async ({ page: tab }) => {
  const messages: Message[] = [];
  tab.on('console', (message) => messages.push({ type: message.type(), text: message.text() }));
  await tab.goto(partnerUrl);
  await expect(tab.locator('portal-chat-launcher').getByRole('button', { name: '在线客服' })).toBeVisible();
  expect(messages.filter((m) => m.type === 'warning' && /CHAT_PARTNER_ORIGINS/.test(m.text))).toEqual([]);
});

test('on a listed partner origin the account service does not list, the chat is anonymous: no hub, no details, no 401', async ({
  page: tab,
}) => {
  const messages: Message[] = [];
  tab.on('console', (message) => messages.push({ type: message.type(), text: message.text() }));
  tab.on('pageerror', (error) => messages.push({ type: 'pageerror', text: error.message }));
  const asked: string[] = [];
  const refused: string[] = [];
  tab.on('request', (request) => {
    if (/\/api\/guc\/view\/token\/hub\?|\/api\/chat\/metadata/.test(request.url())) asked.push(request.url());
  });
  tab.on('response', (response) => {
    if (response.status() === 401) refused.push(response.url());
  });
  await tab.goto(partnerUrl);
  await tab.locator('portal-chat-launcher').getByRole('button', { name: '在线客服' }).click();
  const panel = tab.getByRole('dialog', { name: '在线客服' });
  await panel.getByRole('textbox', { name: '输入消息' }).fill('未登记账号服务的合作伙伴页面');
  await panel.getByRole('textbox', { name: '输入消息' }).press('Enter');
  await expect(panel.getByText('未登记账号服务的合作伙伴页面')).toBeVisible();
  expect(asked).toEqual([]);
  expect(refused).toEqual([]);
  // Said once, for the sign-in and the chat alike: register the origin with the account service.
  const notShared = messages.filter((m) => m.type === 'warning' && /Sign-in is not shared/.test(m.text));
  expect(notShared).toHaveLength(1);
  expect(notShared[0]?.text).toContain('ACCOUNT_ORIGINS');
  expect(messages.filter((m) => m.type === 'error' || m.type === 'pageerror')).toEqual([]);
});
