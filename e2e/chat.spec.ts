import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { issuedVisitor } from '../backend/test-support/chat-visitor';
import { accessTokenOf } from './accounts';
import { axeViolations, expect, holdBack, test } from './fixtures';
import { type PortalProcess, startPortalProcess } from './portal-process';

/**
 * The online customer service end to end, on a portal of its own that lists one
 * partner origin (a test-owned page with a strict CSP) and has an agent password.
 */
const AGENT_PASSWORD = 'Agent-e2e-2026';
let portal: PortalProcess;
let partner: Server;
let stranger: Server;
let partnerUrl: string;
let strangerUrl: string;
let agent: APIRequestContext;

/** A page on another origin with nothing but the one tag, under a CSP that allows only the portal. */
function partnerPage(portalUrl: string): Server {
  return createServer((_req, res) => {
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': `default-src 'self'; script-src ${portalUrl}; style-src ${portalUrl}; img-src ${portalUrl}; connect-src ${portalUrl}`,
    });
    res.end(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>合作伙伴</title>
      <script src="${portalUrl}/widgets/chat.js" data-position="left" async></script></head>
      <body><main><h1>合作伙伴页面</h1></main></body></html>`);
  });
}

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, 'localhost', () => resolve(`http://localhost:${(server.address() as AddressInfo).port}/`)),
  );

// One portal for the file, several pages per test (visitor, inbox): more time than the default.
test.describe.configure({ mode: 'default', timeout: 60_000 });

test.beforeAll(async () => {
  // The partner's address must be known before the portal starts: it is configuration.
  partner = createServer();
  partnerUrl = await listen(partner);
  stranger = createServer();
  strangerUrl = await listen(stranger);
  portal = await startPortalProcess(3, {
    env: {
      CHAT_AGENT_PASSWORD: AGENT_PASSWORD,
      CHAT_PARTNER_ORIGINS: new URL(partnerUrl).origin,
      // Every visitor here comes from one address (its limit is tested on its own) ...
      CHAT_CONVERSATIONS_PER_ADDRESS: '1000',
      // ... but the flood's and the customer's, which say theirs as a proxy would: the inbox folds one address's conversations into one row.
      TRUST_PROXY: 'loopback',
    },
  });
  partner.on('request', partnerPage(portal.url).listeners('request')[0] as never);
  stranger.on('request', partnerPage(portal.url).listeners('request')[0] as never);
  agent = await playwrightRequest.newContext({ baseURL: portal.url, extraHTTPHeaders: { Origin: portal.url } });
  const signIn = await agent.post('/chat/agent/login', { form: { password: AGENT_PASSWORD }, maxRedirects: 0 });
  expect(signIn.status()).toBe(303);
});

// Visitors here have agreed to cookies: the notice would cover the launcher.
test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'cookie-agree', value: 'true', url: portal.url }]);
});

test.afterAll(async () => {
  await agent?.dispose();
  partner?.close();
  stranger?.close();
  await portal?.stop();
});

interface Conversation {
  id: number;
  name: string | null;
  unanswered: boolean;
  last: { text?: string } | null;
}
interface Message {
  id: number;
  sender: string;
  kind: string;
  text?: string;
  card?: { title: string; url: string; picUrl: string };
  metadata?: { name: string };
}

async function conversationWith(text: string): Promise<Conversation> {
  let found: Conversation | undefined;
  await expect
    .poll(async () => {
      // Searched for: the tests' visitors share one address, whose conversations the list folds into one row.
      const list = (await (await agent.get(`/chat/agent/api/conversations?q=${encodeURIComponent(text)}`)).json())
        .result.conversations as Conversation[];
      for (const conversation of list) {
        const messages = await messagesOf(conversation.id);
        if (messages.some((m) => m.text === text)) found = conversation;
      }
      return found !== undefined;
    })
    .toBe(true);
  return found as Conversation;
}

const messagesOf = async (id: number) =>
  (await (await agent.get(`/chat/agent/api/conversations/${id}/messages`)).json()).result as Message[];

async function reply(id: number, text: string) {
  const res = await agent.post(`/chat/agent/api/conversations/${id}/messages`, { data: { text } });
  expect(res.status()).toBe(200);
}

const launcherButton = (page: Page) => page.locator('portal-chat-launcher').locator('button.launcher');
const panel = (page: Page) => page.getByRole('dialog', { name: '在线客服' });

async function say(page: Page, text: string) {
  await panel(page).getByRole('textbox', { name: '输入消息' }).fill(text);
  await panel(page).getByRole('textbox', { name: '输入消息' }).press('Enter');
}

test('a visitor on a product page consults, the agent sees the card and replies, the badge counts unread messages, a reload keeps it all', async ({
  page,
  problems,
}) => {
  const chunks: string[] = [];
  page.on('request', (request) => chunks.push(request.url()));
  await page.goto(`${portal.url}/product/P2025001`);
  await expect(launcherButton(page)).toHaveAttribute('aria-label', '在线客服');
  // Before the chat is opened, only the launcher is loaded.
  expect(chunks.filter((url) => /\/chunks\/builtin-/.test(url))).toEqual([]);

  await page.getByRole('button', { name: '在线咨询' }).click();
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByRole('textbox', { name: '输入消息' })).toBeFocused();
  await say(page, '你好，想了解设备物联平台的价格');
  await expect(panel(page).getByText('你好，想了解设备物联平台的价格')).toBeVisible();

  const conversation = await conversationWith('你好，想了解设备物联平台的价格');
  const card = (await messagesOf(conversation.id)).find((m) => m.kind === 'card');
  expect(card?.card?.url).toBe('/product/P2025001');
  const productName = card?.card?.title ?? '';
  await expect(panel(page).locator('.card', { hasText: productName })).toHaveAttribute(
    'href',
    `${portal.url}/product/P2025001`,
  );

  // The agent's inbox shows the card and replies live.
  const inbox = await page.context().browser()!.newPage();
  await inbox.goto(`${portal.url}/chat/agent`);
  await inbox.getByLabel('客服密码').fill(AGENT_PASSWORD);
  await inbox.getByRole('button', { name: '登录' }).click();
  await inbox.getByRole('link', { name: new RegExp(`访客 ${conversation.id}`) }).click();
  await expect(inbox.locator('.card', { hasText: productName })).toHaveAttribute(
    'href',
    `${portal.url}/product/P2025001`,
  );
  await expect(panel(page).getByText('客服在线')).toBeVisible();
  await inbox.getByLabel('回复').fill('您好，<b>基础版</b>每月 999 元');
  await inbox.getByRole('button', { name: '发送回复' }).click();
  await expect(panel(page).getByText('您好，<b>基础版</b>每月 999 元')).toBeVisible();

  // Closed: each reply counts; opened: the count resets.
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  // Focus goes back to what opened the chat: the page's own button.
  await expect(page.getByRole('button', { name: '在线咨询' })).toBeFocused();
  const counts: number[] = [];
  await page.exposeFunction('recordUnread', (count: number) => counts.push(count));
  await page.evaluate(() =>
    document.addEventListener('portal-chat-unread-changed', (e) =>
      (window as unknown as { recordUnread(n: number): void }).recordUnread(e.detail.count),
    ),
  );
  await reply(conversation.id, '请问贵司有多少台设备？');
  await reply(conversation.id, '我们也可以安排演示。');
  await expect(launcherButton(page)).toHaveAttribute('aria-label', '在线客服，2 条未读消息');
  await expect(page.locator('portal-chat-launcher').locator('.badge')).toHaveText('2');
  await launcherButton(page).click();
  await expect(panel(page).getByText('我们也可以安排演示。')).toBeVisible();
  await expect(page.locator('portal-chat-launcher').locator('.badge')).toBeHidden();
  expect(counts).toEqual([1, 2, 0]);

  // A reload keeps the conversation, each message once, and nothing unread.
  await page.reload();
  await expect(launcherButton(page)).toHaveAttribute('aria-label', '在线客服');
  await launcherButton(page).click();
  await expect(panel(page).getByText('我们也可以安排演示。')).toBeVisible();
  await expect(panel(page).getByText('你好，想了解设备物联平台的价格')).toHaveCount(1);
  await expect(panel(page).locator('.card')).toHaveCount(1);
  await inbox.close();
  expect(problems.errors).toEqual([]);
});

test.describe('on portal pages the launcher is rendered by the server and its code waits', () => {
  const launcherChunks = (urls: string[]) => urls.filter((url) => /\/chunks\/chat-launcher-/.test(url));

  test('the button is there before its code, which comes on approach; a click made before it opens the chat', async ({
    page,
    problems,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    // The launcher's code is held back until after the click, so the click surely comes first.
    const { release: deliver } = await holdBack(page, /\/chunks\/chat-launcher-/);
    await page.goto(`${portal.url}/home`);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('portal-chat-launcher').getByRole('button', { name: '在线客服' })).toBeVisible();
    expect(launcherChunks(requested)).toEqual([]);

    await launcherButton(page).click();
    expect(await page.evaluate(() => customElements.get('portal-chat-launcher'))).toBeUndefined();
    deliver();
    await expect(panel(page)).toBeVisible();
    expect(launcherChunks(requested)).toHaveLength(1);
    expect(problems.errors).toEqual([]);
  });

  test('a click made before chat.js itself has run opens the chat', async ({ page, problems }) => {
    // On a slow network the server's button shows a round trip before the script.
    const { release: deliver } = await holdBack(page, '**/widgets/chat.js');
    await page.goto(`${portal.url}/home`, { waitUntil: 'domcontentloaded' });
    await launcherButton(page).click();
    deliver();
    await expect(panel(page)).toBeVisible();
    expect(problems.errors).toEqual([]);
  });

  test('focus given to the button stays on it when its code arrives', async ({ page }) => {
    await page.goto(`${portal.url}/home`);
    await launcherButton(page).focus();
    await page.waitForFunction(() => customElements.get('portal-chat-launcher'));
    await expect(launcherButton(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(panel(page)).toBeVisible();
  });

  test('a page button asking for the chat brings the code and opens the chat', async ({ page }) => {
    await page.goto(`${portal.url}/product/P2025001`);
    await page.getByRole('button', { name: '在线咨询' }).click();
    await expect(panel(page)).toBeVisible();
  });

  test('a call the page queues on window.portalChat later brings the code and is carried out', async ({ page }) => {
    await page.goto(`${portal.url}/home`);
    await page.waitForFunction(() => Array.isArray((window as { portalChat?: unknown }).portalChat));
    await page.evaluate(() => (window as unknown as { portalChat: unknown[] }).portalChat.push(['open']));
    await expect(panel(page)).toBeVisible();
  });

  test('a visitor with a conversation gets the code at once, for the unread count', async ({ page, context }) => {
    await context.addInitScript(() => localStorage.setItem('portal.chat.visitor', 'v-returning-visitor-0000000001'));
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${portal.url}/home`);
    await expect.poll(() => launcherChunks(requested).length).toBe(1);
  });
});

test('a dropped connection loses no message and shows none twice', async ({ page, context }) => {
  await page.goto(`${portal.url}/home`);
  await launcherButton(page).click();
  await say(page, '断网前的消息');
  const conversation = await conversationWith('断网前的消息');
  await expect(panel(page).getByText('断网前的消息')).toBeVisible();

  await context.setOffline(true);
  await expect(panel(page).getByRole('status')).toHaveText('网络已断开，正在重新连接…');
  await reply(conversation.id, '断网期间的回复一');
  await reply(conversation.id, '断网期间的回复二');
  await say(page, '断网期间发出的消息');
  await expect(panel(page).getByText('发送中…')).toBeVisible();
  await context.setOffline(false);

  for (const text of ['断网期间的回复一', '断网期间的回复二', '断网期间发出的消息'])
    await expect(panel(page).getByText(text)).toHaveCount(1);
  await expect(panel(page).getByText('发送中…')).toHaveCount(0);
  const stored = (await messagesOf(conversation.id)).map((m) => m.text);
  expect(stored.filter((text) => text === '断网期间发出的消息')).toHaveLength(1);
});

test('metadata of a signed-in visitor goes to the agent once', async ({ page }) => {
  const { accessToken } = await signInAs('demo');
  await page.addInitScript((token) => {
    localStorage.setItem(
      'portal.guc.tokens',
      JSON.stringify({ accessToken: token, refreshToken: 'x', expiresAt: Date.now() + 3_600_000 }),
    );
  }, accessToken);
  const metadataCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/chat/metadata')) metadataCalls.push(request.postData() ?? '');
  });
  await page.goto(`${portal.url}/home`);
  // The sign-in check makes several calls in a row: give it room when the machine is busy.
  await expect(page.locator('portal-login').getByRole('link', { name: /张明/ }).first()).toBeVisible({
    timeout: 15_000,
  });
  await launcherButton(page).click();
  await say(page, '登录用户的咨询');
  await page.keyboard.press('Escape');
  await launcherButton(page).click();
  await page.keyboard.press('Escape');
  await launcherButton(page).click();
  const conversation = await conversationWith('登录用户的咨询');
  await expect(panel(page).getByText('已向客服提供您的姓名和手机号')).toHaveCount(1);
  const metadata = (await messagesOf(conversation.id)).filter((m) => m.kind === 'metadata');
  expect(metadata).toHaveLength(1);
  expect(conversation.name).toBe(metadata[0]?.metadata?.name);
  // The page sent it once (the service would also ignore a repeat).
  expect(metadataCalls).toHaveLength(1);
  expect(JSON.parse(metadataCalls[0] ?? '{}')).toMatchObject({ name: '张明' });
});

test('a partner page on another origin with a strict CSP embeds the chat with one script tag and chats', async ({
  page,
  problems,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(partnerUrl);
  await expect(launcherButton(page)).toBeVisible();
  const box = await launcherButton(page).boundingBox();
  expect(box && box.x < 200).toBe(true); // data-position="left"
  await launcherButton(page).click();
  await say(page, '来自合作伙伴页面的咨询');
  const conversation = await conversationWith('来自合作伙伴页面的咨询');
  await reply(conversation.id, '收到，马上为您解答');
  await expect(panel(page).getByText('收到，马上为您解答')).toBeVisible();
  expect(violations).toEqual([]);
  expect(problems.errors).toEqual([]);
});

test('a message over the limit gets a clear error, from the panel and from the service', async ({ page }) => {
  await page.goto(`${portal.url}/home`);
  await launcherButton(page).click();
  await say(page, '长'.repeat(501));
  await expect(panel(page).getByRole('alert')).toHaveText('消息不能超过 500 个字');
  const answer = await page.evaluate(async (base) => {
    const response = await fetch(`${base}/api/chat/messages`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Chat-Visitor': localStorage.getItem('portal.chat.visitor') ?? '',
      },
      body: JSON.stringify({ kind: 'text', text: '长'.repeat(501) }),
    });
    return { status: response.status, body: await response.json() };
  }, portal.url);
  expect(answer).toMatchObject({ status: 400, body: { msg: '消息不能超过 500 个字' } });
});

test('an origin not on the list is refused: no launcher, and the service says 403', async ({ page }) => {
  await page.goto(strangerUrl);
  // chat.js asks first and shows nothing there (e2e/partners.spec.ts: the warning and portalChat.ready).
  const allowed = await page.evaluate(
    async (base) => (await (await fetch(`${base}/api/chat/access`)).json()).result.allowed,
    portal.url,
  );
  expect(allowed).toBe(false);
  await expect(page.locator('portal-chat-launcher')).toHaveCount(0);
  const status = await page.evaluate(
    async (base) =>
      (await fetch(`${base}/api/chat/messages`, { headers: { 'X-Chat-Visitor': 'x'.repeat(32) } })).status,
    portal.url,
  );
  expect(status).toBe(403);
});

async function signInAs(username: string): Promise<{ accessToken: string }> {
  const api = await playwrightRequest.newContext();
  const accessToken = await accessTokenOf(api, portal.url, username);
  await api.dispose();
  return { accessToken };
}

test('a card a page makes up links only to the portal’s own product page, in the panel and in the inbox', async ({
  page,
}) => {
  const product = (await (await agent.get('/api/chat/cards/P2025001')).json()).result as { name: string };
  const hostile = {
    type: 1,
    associationNo: 'P2025001',
    url: 'https://www.miit.gov.cn.evil.com/',
    picUrl: 'https://www.miit.gov.cn.evil.com/logo.png',
    title: '工信部官方通知',
    description: '请点击链接领取补贴',
  };
  await page.goto(`${portal.url}/home`);
  await page.waitForFunction(() => Array.isArray((window as { portalChat?: unknown }).portalChat));
  await page.evaluate((card) => {
    const queue = (window as unknown as { portalChat: unknown[] }).portalChat;
    queue.push(['sendCard', card]);
    queue.push(['open']);
  }, hostile);
  await expect(panel(page)).toBeVisible();
  const shown = panel(page).locator('.card');
  await expect(shown).toHaveCount(1);
  await expect(shown).toHaveAttribute('href', `${portal.url}/product/P2025001`);
  await expect(shown).toContainText(product.name);
  await expect(panel(page)).not.toContainText('工信部');
  await expect(panel(page).locator('img[src*="evil"]')).toHaveCount(0);

  // Sent by hand, a card carrying a script address is built by the service all the same.
  const answer = await page.evaluate(async (base) => {
    const response = await fetch(`${base}/api/chat/messages`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Chat-Visitor': localStorage.getItem('portal.chat.visitor') ?? '',
      },
      body: JSON.stringify({
        kind: 'card',
        card: { type: 1, associationNo: 'P2025001', url: 'javascript:alert(1)', title: '点我' },
      }),
    });
    return { status: response.status, body: await response.json() };
  }, portal.url);
  expect(answer.status).toBe(200);
  expect(answer.body.result.card).toMatchObject({ url: '/product/P2025001', title: product.name });
  await say(page, '卡片是真的吗？');
  const conversation = await conversationWith('卡片是真的吗？');

  const inbox = await page.context().browser()!.newPage();
  await inbox.goto(`${portal.url}/chat/agent`);
  await inbox.getByLabel('客服密码').fill(AGENT_PASSWORD);
  await inbox.getByRole('button', { name: '登录' }).click();
  await inbox.getByRole('link', { name: new RegExp(`访客 ${conversation.id}`) }).click();
  await expect(inbox.locator('.messages')).toContainText('卡片是真的吗？');
  const cards = inbox.locator('.messages .card');
  await expect(cards).toHaveCount(2);
  for (const link of await cards.all()) await expect(link).toHaveAttribute('href', `${portal.url}/product/P2025001`);
  await expect(inbox.locator('body')).not.toContainText('工信部');
  await expect(inbox.locator('img[src*="evil"]')).toHaveCount(0);
  await inbox.close();
});

test.describe('the agent inbox under a flood', () => {
  const FLOOD = 210;
  let customer: Conversation;

  test.beforeAll(async () => {
    // A real customer, answered before 210 one-message visitors arrive.
    const visitor = await issuedVisitor(portal.url);
    const asked = await agent.post('/api/chat/messages', {
      headers: { 'X-Chat-Visitor': visitor, 'X-Forwarded-For': '10.8.0.1' },
      data: { kind: 'text', text: '早些时候的真实客户' },
    });
    expect(asked.status()).toBe(200);
    customer = { id: (await asked.json()).result.conversationId, name: null, unanswered: false, last: null };
    await reply(customer.id, '您好，已为您安排演示');
    for (let batch = 0; batch < FLOOD; batch += 30)
      await Promise.all(
        Array.from({ length: Math.min(30, FLOOD - batch) }, async (_, i) => {
          // Each from an address of its own: many visitors, not one office (whose conversations are one row).
          const n = batch + i;
          const flood = await agent.post('/api/chat/messages', {
            headers: {
              'X-Chat-Visitor': await issuedVisitor(portal.url),
              'X-Forwarded-For': `10.9.${Math.floor(n / 250)}.${(n % 250) + 1}`,
            },
            data: { kind: 'text', text: `刷屏 ${batch + i}` },
          });
          expect(flood.status()).toBe(200);
        }),
      );
  });

  const signInAgent = async (inbox: Page) => {
    await inbox.goto(`${portal.url}/chat/agent`);
    await inbox.getByLabel('客服密码').fill(AGENT_PASSWORD);
    await inbox.getByRole('button', { name: '登录' }).click();
  };
  const list = (inbox: Page) => inbox.getByRole('navigation', { name: '会话列表' });
  const entry = (inbox: Page, id: number) =>
    list(inbox)
      .locator('li')
      .filter({ has: inbox.locator('strong', { hasText: new RegExp(`^访客 ${id}$`) }) });

  test('pages by keyboard to the customer, newest activity first, unanswered marked in words; live; axe', async ({
    page,
  }) => {
    await signInAgent(page);
    // The tests' other visitors, from one address, are one row among the flood's.
    await expect(list(page).getByText(/第 1–50 (个|行)，共 \d+ (个会话|行)/)).toBeVisible();
    await expect(list(page).locator('li')).toHaveCount(50);
    await expect(list(page).locator('li', { hasText: '未回复' })).toHaveCount(50);
    expect(await axeViolations(page)).toEqual([]);

    // The keyboard reaches the paging links soon, before the 50 conversations.
    await page.locator('body').focus();
    let presses = 0;
    const onOlder = () =>
      page.evaluate(() => document.activeElement?.matches('a') && document.activeElement.textContent);
    while ((await onOlder()) !== '更早的会话') {
      expect(++presses, 'Tab reaches 更早的会话').toBeLessThan(10);
      await page.keyboard.press('Tab');
    }
    for (let pageNo = 2; pageNo <= 5; pageNo++) {
      await page.keyboard.press('Enter');
      const from = (pageNo - 1) * 50 + 1;
      await expect(list(page).getByText(new RegExp(`第 ${from}–\\d+ (个|行)`))).toBeVisible();
      await expect(page).toHaveURL(/\?before=/);
      if (pageNo < 5) await expect(page.locator(':focus')).toHaveText(/更早的会话/);
    }
    await expect(entry(page, customer.id)).toBeVisible();
    await expect(entry(page, customer.id)).not.toContainText('未回复');
    await expect(list(page).getByRole('link', { name: '更早的会话' })).toHaveCount(0);
    await entry(page, customer.id).getByRole('link').click();
    await expect(page.locator('.messages')).toContainText('您好，已为您安排演示');
    expect(await axeViolations(page)).toEqual([]);

    // Back to the newest: a new visitor shows up live, first and unanswered.
    await list(page).getByRole('link', { name: '最新会话' }).click();
    await expect(list(page).getByText(/第 1–50 (个|行)/)).toBeVisible();
    const visitor = await issuedVisitor(portal.url);
    const asked = await agent.post('/api/chat/messages', {
      headers: { 'X-Chat-Visitor': visitor, 'X-Forwarded-For': '10.8.0.2' },
      data: { kind: 'text', text: '实时到达的新访客' },
    });
    const fresh = (await asked.json()).result.conversationId as number;
    await expect(list(page).locator('li').first()).toContainText(`访客 ${fresh}`);
    await expect(list(page).locator('li').first()).toContainText('未回复');
    await expect(list(page).locator('li').first()).toContainText('实时到达的新访客');
  });

  test('opens a conversation from its address, and from the list the server drew before the script came', async ({
    page,
  }) => {
    await signInAgent(page);
    // Held back, the inbox's script has not drawn its buttons: the server's entries are links.
    const { release } = await holdBack(page, '**/widgets/chat-agent.js');
    // Module scripts hold back DOMContentLoaded: the page is used as soon as it is drawn.
    await page.goto(`${portal.url}/chat/agent`, { waitUntil: 'commit' });
    const first = list(page).locator('li').first().getByRole('link');
    const name = (await first.locator('strong').textContent()) ?? '';
    await first.click();
    await expect(page).toHaveURL(/\/chat\/agent\?open=\d+$/);
    release();
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
    await expect(page.getByLabel('回复')).toBeVisible();
    await page.unroute('**/widgets/chat-agent.js');
    // A conversation far down the list, opened by its address; reloading keeps it open.
    await page.goto(`${portal.url}/chat/agent?open=${customer.id}`);
    await expect(page.locator('.messages')).toContainText('您好，已为您安排演示');
    const top = list(page).locator('li').first().getByRole('link');
    const topName = (await top.locator('strong').textContent()) ?? '';
    await top.click();
    await expect(page.getByRole('heading', { name: topName, level: 2 })).toBeVisible();
    await expect(page).toHaveURL(/\?open=\d+$/);
    expect(page.url()).not.toContain(`open=${customer.id}`);
    await page.reload();
    await expect(page.getByRole('heading', { name: topName, level: 2 })).toBeVisible();
    // An address naming no conversation opens none, and says so.
    await page.goto(`${portal.url}/chat/agent?open=99999999`);
    // The list keeps its own alert for a refused search, empty here: the conversation's says why.
    await expect(page.getByRole('alert').filter({ hasText: '没有这个会话' })).toBeVisible();
  });

  test('a click on a conversation pressed on the server’s list while the live one takes its place opens it', async ({
    page,
  }) => {
    await signInAgent(page);
    // Held back until the button is down: the script swaps the lists between the press and the release.
    const { release } = await holdBack(page, '**/widgets/chat-agent.js');
    await page.goto(`${portal.url}/chat/agent`, { waitUntil: 'commit' });
    const first = list(page).locator('li').first().locator('a.entry');
    const name = (await first.locator('strong').textContent()) ?? '';
    const box = await first.boundingBox();
    if (!box) throw new Error('the server’s entry is not on the screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    release();
    // The live list stands in for the server's (its connection's state is its own).
    await expect(list(page).getByRole('status')).toBeAttached();
    await page.mouse.up();
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
    await expect(page).toHaveURL(/\/chat\/agent\?open=\d+$/);
  });

  test('signing out in one tab ends the inbox open in another, which says so and leads to the sign-in, keeping the draft', async ({
    page,
  }) => {
    await signInAgent(page);
    const other = await page.context().newPage();
    await other.goto(`${portal.url}/chat/agent?open=${customer.id}`);
    await expect(other.getByRole('status').filter({ hasText: '实时连接中' })).toBeVisible();
    await expect(other.locator('.messages')).toContainText('您好，已为您安排演示');
    const draft = '草稿：这段回复还没有发出';
    await other.getByLabel('回复').fill(draft);
    await page.getByRole('button', { name: '退出' }).click();
    await expect(page.getByLabel('客服密码')).toBeVisible();
    const ended = other.getByRole('status').filter({ hasText: '登录已失效' });
    await expect(ended).toBeVisible();
    // Sending now is refused, and the refusal leads to the sign-in too.
    await other.getByRole('button', { name: '发送回复' }).click();
    const refused = other.getByRole('alert').filter({ hasText: '未发送的回复会保留' });
    await expect(refused.getByRole('link', { name: '重新登录' })).toBeVisible();
    await refused.getByRole('link', { name: '重新登录' }).click();
    // Signing in again leads back to the conversation that was open, the reply as it was typed.
    await other.getByLabel('客服密码').fill(AGENT_PASSWORD);
    await other.getByRole('button', { name: '登录' }).click();
    await expect(other).toHaveURL(`${portal.url}/chat/agent?open=${customer.id}`);
    await expect(other.locator('.messages')).toContainText('您好，已为您安排演示');
    await expect(other.getByLabel('回复')).toHaveValue(draft);
    await other.close();
  });

  test('without scripts the paging links reach the customer too', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInAgent(page);
    await expect(list(page).locator('li', { hasText: '未回复' })).toHaveCount(50);
    for (let i = 0; i < 10 && !(await entry(page, customer.id).count()); i++)
      await list(page).getByRole('link', { name: '更早的会话' }).click();
    await expect(entry(page, customer.id)).toBeVisible();
    await expect(entry(page, customer.id)).not.toContainText('未回复');
    await list(page)
      .getByRole('link', { name: /^未回复（\d+）$/ })
      .click();
    // Counted in conversations, whether or not one address's are folded into one row.
    await expect(list(page).getByText(/\d+ 个未回复会话/)).toBeVisible();
    await context.close();
  });

  test('an entry opens in a tab of its own on Ctrl+click; Ctrl+Enter sends a reply, Enter starts a new line', async ({
    page,
  }) => {
    await signInAgent(page);
    const first = list(page).locator('li').first().getByRole('link');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), first.click({ modifiers: ['Control'] })]);
    await expect(tab).toHaveURL(/\/chat\/agent\?open=\d+$/);
    await expect(tab.getByLabel('回复')).toBeVisible();
    await expect(page.getByLabel('回复')).toHaveCount(0);
    const text = `第一行 ${randomBytes(4).toString('hex')}`;
    await tab.getByLabel('回复').fill(text);
    await tab.getByLabel('回复').press('Enter');
    await tab.getByLabel('回复').pressSequentially('第二行');
    await expect(tab.getByLabel('回复')).toHaveValue(`${text}\n第二行`);
    await tab.getByLabel('回复').press('Control+Enter');
    await expect(tab.locator('.messages .message').last()).toContainText(`${text}\n第二行`);
    await expect(tab.getByLabel('回复')).toHaveValue('');
    await tab.close();
  });
});
