import { join } from 'node:path';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect as baseExpect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import Database from 'better-sqlite3';
import { StaffBrowser } from '../backend/test-support/staff-browser';
import { MAX_KEYWORD_LENGTH } from '../contract/search';
import { accessTokenOf, DEMO_PASSWORD, fillSignInForm } from './accounts';
import { type PortalProcess, STUDIO_ADMIN, startPortalProcess } from './portal-process';
import {
  asShown,
  type Inspection,
  inspectAnswers,
  NAVIGATED_COUNT,
  navigated,
  PAYLOAD_COUNT,
  parsedPayloads,
  payloads,
  shownText,
  type Watch,
  watchForScript,
} from './xss';

/**
 * Script injection through everything a visitor, a customer or an agent can
 * type or link: search, feedback, the sign-in form and the local console, the
 * chat (both sides), orders, agreement HTML, `/transfer` and the error pages.
 * Each payload calls `__xss(n)` (or opens a dialog) if it runs, and pages are
 * loaded with their CSP bypassed, so one that got in would run; none may. Every
 * page is also searched for payloads parsed into markup (handlers, scripts,
 * `javascript:` links, frames), and where a page shows what was typed, it must
 * show it as text. Server-rendered answers are fetched over HTTP, every payload
 * in every field, and parsed by Chromium in bulk (none may carry a payload
 * unescaped); a sample of them is also loaded page by page.
 *
 * A portal of its own: the suite stores feedback, orders and chat, certifies a
 * company, and adds an agreement. Behind a "proxy" (TRUST_PROXY), so each
 * feedback or failed sign-in can come from its own address, under the limits
 * of one person.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ mode: 'default', timeout: 60_000 });

const AGENT_PASSWORD = 'Agent-xss-2026';
/** Pages loaded at once: the suite's navigations in parallel, within what two cores take. */
const PAGES_AT_ONCE = 2;

let portal: PortalProcess;
let api: APIRequestContext;

test.beforeAll(async () => {
  portal = await startPortalProcess(3, { env: { TRUST_PROXY: 'loopback', CHAT_AGENT_PASSWORD: AGENT_PASSWORD } });
  api = await playwrightRequest.newContext({ baseURL: portal.url });
});

test.afterAll(async () => {
  await api?.dispose();
  await portal?.stop();
});

const enc = encodeURIComponent;
/** A visitor address of its own for the n-th post (the limits are per address). */
const addressFor = (n: number) => `10.20.${Math.floor(n / 250)}.${(n % 250) + 1}`;

/** No payload ran or raised a dialog, and no page had a problem: none parsed into markup, none missing from its text. */
function expectNothingRan(watches: Watch[], problems: string[]) {
  const ran = watches.flatMap((watch) => [...watch.executions, ...watch.dialogs]);
  expect({ ran, problems }).toEqual({ ran: [], problems: [] });
}

/** Where a page keeps no more of a payload than its first `length` characters. */
const shownPart = (payload: string, length: number) => asShown(payload).slice(0, length).trim();

/**
 * What is wrong on `page`: the first of `texts` it does not show as text (a
 * payload eaten by the parser), waited for while the page renders, and what
 * the parser made of payloads.
 */
async function problemsOn(page: Page, texts: string[] = []): Promise<string[]> {
  const problems: string[] = [];
  for (const text of texts) {
    const shown = asShown(text);
    try {
      await expect.poll(async () => (await shownText(page)).includes(shown)).toBe(true);
    } catch {
      problems.push(`${page.url()}: not shown as text: ${shown}`);
      break;
    }
  }
  return [...problems, ...(await parsedPayloads(page))];
}

/** A context whose pages run whatever reaches them: no CSP stands between a payload and the marker. */
async function watchedContext(browser: Browser, watches: Watch[]) {
  const context = await browser.newContext({ bypassCSP: true });
  watches.push(await watchForScript(context));
  return context;
}

/**
 * Runs `visit` for each item on a few pages at once, each in its own watched
 * context (cookies such as a form's token stay with their page), then looks at
 * the page for the texts `visit` says it must show and for parsed payloads.
 * The first page with a problem ends the round: the report says what ran and
 * what was wrong.
 */
async function visitEach<T>(
  browser: Browser,
  items: T[],
  visit: (page: Page, item: T, index: number) => Promise<string[] | undefined>,
  setup?: (context: BrowserContext) => Promise<void>,
) {
  const watches: Watch[] = [];
  const problems: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: PAGES_AT_ONCE }, async () => {
      const context = await watchedContext(browser, watches);
      await setup?.(context);
      const page = await context.newPage();
      while (next < items.length && problems.length === 0) {
        const index = next++;
        const texts = await visit(page, items[index] as T, index);
        problems.push(...(await problemsOn(page, texts)));
      }
      await context.close();
    }),
  );
  expectNothingRan(watches, problems);
}

/** An answer fetched over HTTP, for the browser to parse: what it is, and what of the payload it must show. */
interface Answer {
  label: string;
  payload: string;
  html: string;
  /** The payload's text the page must show, if it shows it. */
  shown?: string;
}

/**
 * Answers that are server-rendered markup and nothing else, fetched over HTTP
 * (many at once, cheaply) and parsed by Chromium's own HTML parser: none may
 * carry a payload verbatim (unescaped), nor parse into markup.
 */
async function expectInert(browser: Browser, answers: Answer[]) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${portal.url}/robots.txt`);
  const inspected = await inspectAnswers(
    page,
    answers.map((answer) => answer.html),
  );
  await context.close();
  const problems = answers.flatMap((answer, index) => {
    const { parsed, text } = inspected[index] as Inspection;
    return [
      ...parsed.map((found) => `${answer.label}: ${found}`),
      ...(/[<"]/.test(answer.payload) && answer.html.includes(answer.payload)
        ? [`${answer.label}: the payload unescaped`]
        : []),
      ...(answer.shown !== undefined && !text.includes(asShown(answer.shown)) ? [`${answer.label}: not shown`] : []),
    ];
  });
  expect(problems).toEqual([]);
}

/** Fetches `url` with `request` (from `address`) and keeps the answer, checking its status. */
async function answer(
  request: APIRequestContext,
  url: string,
  status: number,
  payload: string,
  shown?: string,
  address?: string,
) {
  const response = await request.get(url, { headers: address ? { 'X-Forwarded-For': address } : {} });
  expect(response.status(), url).toBe(status);
  return { label: `${status} ${url.slice(0, 120)}`, payload, html: await response.text(), shown };
}

test(`search: ${PAYLOAD_COUNT} keywords shown as text (its first ${MAX_KEYWORD_LENGTH} characters), ${NAVIGATED_COUNT} of them in pages loaded`, async ({
  browser,
}) => {
  const list = payloads(100);
  const shown = (payload: string) => shownPart(payload, MAX_KEYWORD_LENGTH);
  const answers: Answer[] = [];
  // Each from its own address: one address gets 60 search pages a minute.
  for (const [index, payload] of list.entries()) {
    const url = `${portal.url}/searchRes?keyword=${enc(payload)}`;
    answers.push(await answer(api, url, 200, payload, shown(payload), addressFor(1000 + index)));
  }
  await expectInert(browser, answers);
  await visitEach(browser, navigated(list), async (page, payload) => {
    const loaded = await page.goto(`${portal.url}/searchRes?keyword=${enc(payload)}`);
    expect(loaded?.status()).toBe(200);
    return [shown(payload)];
  });
});

test(`missing and malformed pages: ${PAYLOAD_COUNT} payloads in the paths and queries of 404s and a 400, ${NAVIGATED_COUNT} loaded with them in the fragment too`, async ({
  browser,
}) => {
  const list = payloads(200);
  const answers: Answer[] = [];
  for (const payload of list) {
    const p = enc(payload);
    answers.push(await answer(api, `${portal.url}/news/${p}?keyword=${p}`, 404, payload));
    for (const path of [`/${p}`, `/help?id=${p}`, `/meiqia/card?type=1&associationNo=${p}`, `/order/${p}`])
      answers.push(await answer(api, `${portal.url}${path}`, 404, payload));
    answers.push(
      await answer(api, `${portal.url}/searchRes?keyword=AI&type=${p}`, 404, payload, undefined, addressFor(1100)),
    );
    // An address that cannot be decoded: the 400 page.
    answers.push(await answer(api, `${portal.url}/news/${p}%E0%A4%A`, 400, payload));
  }
  await expectInert(browser, answers);
  // The 404 page goes home after 3 s. On a busy machine a page's return home
  // could start while the next page was loading in its tab, and abort it. So
  // the page's clock runs only when the test says: 2 s of it after each load,
  // which runs any timer a payload might set in that time and leaves the page
  // where it is.
  await visitEach(
    browser,
    navigated(list),
    async (page, payload) => {
      const loaded = await page.goto(`${portal.url}/news/${enc(payload)}?keyword=${enc(payload)}#${payload}`);
      expect(loaded?.status()).toBe(404);
      await page.clock.runFor(2_000);
      await expect(page.locator('[data-seconds]')).toHaveText('1');
      return [];
    },
    async (context) => {
      await context.clock.install();
      await context.clock.pauseAt(Date.now() + 60_000);
    },
  );
});

const FEEDBACK_FIELDS = ['topic', 'content', 'contactName', 'contact'] as const;

test(`feedback: ${PAYLOAD_COUNT} payloads in every field come back as text in the refused form (${NAVIGATED_COUNT} posted by the browser); stored ones too`, async ({
  browser,
}) => {
  const list = payloads(300);
  const answers: Answer[] = [];
  for (const [index, payload] of list.entries()) {
    // Each post from its own address: the form takes five an address per ten minutes.
    const refused = await api.post(`${portal.url}/feedback`, {
      form: Object.fromEntries(FEEDBACK_FIELDS.map((field) => [field, payload])),
      headers: { 'X-Forwarded-For': addressFor(index) },
    });
    expect(refused.status()).toBe(400);
    answers.push({ label: `feedback ${payload}`, payload, html: await refused.text(), shown: payload });
  }
  await expectInert(browser, answers);
  await visitEach(browser, navigated(list), async (page, payload) => {
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': addressFor(100 + list.indexOf(payload)) });
    if (!page.url().endsWith('/feedback')) await page.goto(`${portal.url}/feedback`);
    const answered = page.waitForResponse((r) => r.url().endsWith('/feedback') && r.request().method() === 'POST');
    // Past the browser's own checks, as a visitor without them would post.
    await page.locator('form.form').evaluate((form: HTMLFormElement, value) => {
      form.noValidate = true;
      const topic = form.elements.namedItem('topic') as HTMLSelectElement;
      topic.append(new Option(value, value, true, true));
      for (const name of ['content', 'contactName', 'contact'])
        (form.elements.namedItem(name) as HTMLInputElement).value = value;
      form.submit();
    }, payload);
    expect((await answered).status()).toBe(400);
    await page.waitForLoadState();
    await expect(page.getByRole('alert').first()).toBeVisible();
    return [payload];
  });
  // Accepted entries: stored (no page of this portal lists them), then the confirmation.
  await visitEach(browser, list.slice(0, 2), async (page, payload, index) => {
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': addressFor(200 + index) });
    await page.goto(`${portal.url}/feedback`);
    await page.getByLabel('反馈类型').selectOption('website');
    await page.getByLabel('反馈内容').fill(`网站问题反馈：${payload}`);
    await page.getByLabel('联系人').fill(payload.slice(0, 32));
    await page.getByLabel('手机号或邮箱').fill('tester@example.cn');
    await page.getByRole('button', { name: '提交反馈' }).click();
    await page.waitForURL(/\/feedback\?sent=1$/);
    return [];
  });
});

test(`/transfer, the sign-in form and the local console: ${PAYLOAD_COUNT} payloads each in their addresses and fields`, async ({
  browser,
}) => {
  const answers: Answer[] = [];
  const list = payloads(400);
  for (const payload of list) {
    // /transfer: refused (400), and a friendly link's host with the payload after it (shown before leaving, or refused).
    answers.push(await answer(api, `${portal.url}/transfer?url=${enc(payload)}`, 400, payload));
    const onward = `https://www.miit.gov.cn/?q=${payload}`;
    const leaving = await api.get(`${portal.url}/transfer?url=${enc(onward)}`);
    expect([200, 400]).toContain(leaving.status());
    answers.push({ label: `transfer onward ${payload}`, payload, html: await leaving.text() });
    // The sign-in form with the payload in its return address, and as a state it refuses.
    const back = new URL(`${portal.url}/home`);
    back.searchParams.set('from', payload);
    const form = new URLSearchParams({ appId: '9090', redirectUri: back.href });
    answers.push(await answer(api, `${portal.url}/api/guc/protocol/oauth2/auth?${form}`, 200, payload));
    const state = new URLSearchParams({ appId: '9090', redirectUri: `${portal.url}/home`, state: payload });
    answers.push(await answer(api, `${portal.url}/api/guc/protocol/oauth2/auth?${state}`, 400, payload));
  }

  // A refused account name comes back in the form, each from its own address (failures are limited per address).
  for (const [index, payload] of list.entries()) {
    const visitor = await playwrightRequest.newContext({
      extraHTTPHeaders: { 'X-Forwarded-For': addressFor(300 + index) },
    });
    const redirectUri = `${portal.url}/home`;
    const shown = await visitor.get(
      `${portal.url}/api/guc/protocol/oauth2/auth?${new URLSearchParams({ appId: '9090', redirectUri })}`,
    );
    const csrf = /name="csrf" value="([^"]+)"/.exec(await shown.text())?.[1] ?? '';
    const refused = await visitor.post(`${portal.url}/api/guc/protocol/oauth2/auth`, {
      form: { username: payload, password: 'wrong-password', appId: '9090', redirectUri, csrf },
      headers: { Origin: portal.url },
    });
    // Names over 64 characters are refused before the password is checked.
    const short = payload.trim().length <= 64;
    expect(refused.status()).toBe(short ? 401 : 400);
    answers.push({
      label: `sign-in as ${payload}`,
      payload,
      html: await refused.text(),
      shown: short ? payload : undefined,
    });
    await visitor.dispose();
  }

  // The console, signed in: the payload as the return address its forms carry, and in a missing page's path.
  const consoleVisitor = await playwrightRequest.newContext();
  const signIn = await consoleVisitor.get(`${portal.consoleUrl}/welcome`);
  const csrf = /name="csrf" value="([^"]+)"/.exec(await signIn.text())?.[1] ?? '';
  const formUrl = new URL(signIn.url());
  const signedIn = await consoleVisitor.post(`${portal.url}/api/guc/protocol/oauth2/auth`, {
    form: {
      ...Object.fromEntries(formUrl.searchParams),
      username: 'noadmin',
      password: DEMO_PASSWORD,
      csrf,
    },
    headers: { Origin: portal.url },
  });
  expect(new URL(signedIn.url()).pathname).toBe('/welcome');
  for (const payload of list) {
    const query = new URLSearchParams({ companyId: '1003', redirectUrl: payload });
    answers.push(
      await answer(consoleVisitor, `${portal.consoleUrl}/company/manager-setting?${query}`, 200, payload, payload),
    );
    answers.push(await answer(consoleVisitor, `${portal.consoleUrl}/${enc(payload)}`, 404, payload));
  }
  await consoleVisitor.dispose();
  await expectInert(browser, answers);
});

/** Signs a context into the local console as `username`. */
async function consoleSignIn(context: BrowserContext, username: string) {
  const page = await context.newPage();
  await page.goto(`${portal.consoleUrl}/welcome`);
  await fillSignInForm(page, username, 15_000);
  await expect(page.getByRole('heading', { name: '控制台首页' })).toBeVisible();
  await page.close();
}

test('the local console: a company certified under a hostile name, shown by the console and the portal', async ({
  browser,
}) => {
  // The name and legal person as the console stores them, then everywhere the name is shown.
  const watches: Watch[] = [];
  const context = await watchedContext(browser, watches);
  await consoleSignIn(context, 'uncertified');
  const page = await context.newPage();
  await page.goto(`${portal.consoleUrl}/company/enterprise?companyid=1002`);
  await page.getByLabel('企业名称').fill(HOSTILE_COMPANY);
  await page.getByLabel('统一社会信用代码').fill('91320594MA1XY01234');
  await page.getByLabel('法定代表人').fill('<img src=x onerror=__xss(590)>');
  await page.getByRole('button', { name: '提交认证' }).click();
  // Without an administrator the console goes on to set one, naming the company it certified.
  await expect(page.getByRole('heading', { name: '设置企业管理员' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('已完成认证');
  const problems = await problemsOn(page, [HOSTILE_COMPANY]);
  await page.goto(`${portal.consoleUrl}/company/manager-setting?companyId=1002`);
  await page.getByRole('button', { name: '设为管理员' }).click();
  await page.goto(`${portal.consoleUrl}/welcome`);
  problems.push(...(await problemsOn(page, [HOSTILE_COMPANY])));
  // Now it can order: the portal's order form and order page name the company.
  const token = await accessTokenOf(api, portal.url, 'uncertified');
  const orderNo = await placeOrder(token, 1002, '李华', '公司名称测试');
  await signIn(context, token);
  const portalPage = await context.newPage();
  await portalPage.goto(`${portal.url}/order/${orderNo}`);
  problems.push(...(await problemsOn(portalPage, [HOSTILE_COMPANY])));
  await portalPage.goto(`${portal.url}/order/create?productId=1`);
  await expect(portalPage.locator('portal-order-form').getByLabel('下单企业')).toHaveValue('1002');
  problems.push(...(await problemsOn(portalPage, [HOSTILE_COMPANY])));
  await context.close();
  expectNothingRan(watches, problems);
});

/** A company name that tries every context it may be shown in (at most 64 characters). */
const HOSTILE_COMPANY = `"'></script><svg onload=__xss(591)><img src=x onerror=__xss(592)>`.slice(0, 64);

/** Signs a browser context in to the portal with `accessToken`, as the widgets keep it; the cookie notice agreed. */
async function signIn(context: BrowserContext, accessToken: string) {
  await context.addInitScript((token) => {
    localStorage.setItem(
      'portal.guc.tokens',
      JSON.stringify({ accessToken: token, refreshToken: 'unused', expiresAt: Date.now() + 3_600_000 }),
    );
  }, accessToken);
  await context.addCookies([{ name: 'cookie-agree', value: 'true', url: portal.url }]);
}

let orderKeys = 0;
async function placeOrder(token: string, companyId: number, contactName: string, remark: string) {
  const answer = await api.post('/api-zzy-portal/api/orders', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      productId: 1,
      editionId: 2,
      companyId,
      quantity: 1,
      contactName,
      contactPhone: '13800001001',
      remark,
      idempotencyKey: `xss-order-${Date.now()}-${++orderKeys}`,
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()).result.orderNo as string;
}

/** Payloads packed into remarks of at most `max` characters, in order (each payload in one of them). */
function packed(list: string[], max: number): string[][] {
  const groups: string[][] = [];
  for (const payload of list) {
    const last = groups.at(-1);
    if (last && [...last, payload].join(' ').length <= max) last.push(payload);
    else groups.push([payload]);
  }
  return groups;
}

test(`orders: ${PAYLOAD_COUNT} payloads in remarks and the short ones as contact names, on the order pages`, async ({
  browser,
}) => {
  const token = await accessTokenOf(api, portal.url, 'demo');
  const list = payloads(600);
  // A remark takes 200 characters and a contact name 32: as many orders as either needs.
  const remarks = packed(list, 200);
  const names = list.filter((payload) => payload.trim().length <= 32);
  const orders: Array<{ orderNo: string; shown: string[] }> = [];
  for (let index = 0; index < Math.max(remarks.length, names.length); index++) {
    const remark = remarks[index] ?? [];
    const name = names[index] ?? '张明';
    const orderNo = await placeOrder(token, 1001, name, remark.join(' ') || '无');
    orders.push({ orderNo, shown: [...remark, name] });
  }
  await visitEach(
    browser,
    orders,
    async (page, { orderNo, shown }) => {
      await page.goto(`${portal.url}/order/${orderNo}`);
      return shown;
    },
    (context) => signIn(context, token),
  );
  // The list and the success page.
  const watches: Watch[] = [];
  const context = await watchedContext(browser, watches);
  await signIn(context, token);
  const page = await context.newPage();
  await page.goto(`${portal.url}/order`);
  await expect(page.locator('portal-orders').getByRole('link', { name: orders.at(-1)?.orderNo })).toBeVisible();
  const problems = await problemsOn(page);
  await page.goto(`${portal.url}/order/success?orderNo=${orders[0]?.orderNo}`);
  problems.push(...(await problemsOn(page, orders[0]?.shown)));
  await context.close();
  expectNothingRan(watches, problems);
});

interface Conversation {
  id: number;
}

test(`chat: ${PAYLOAD_COUNT} payloads from visitors shown in the inbox, ${PAYLOAD_COUNT} from the agent in the visitors' panels`, async ({
  browser,
}) => {
  const agent = await playwrightRequest.newContext({ baseURL: portal.url, extraHTTPHeaders: { Origin: portal.url } });
  expect(
    (await agent.post('/chat/agent/login', { form: { password: AGENT_PASSWORD }, maxRedirects: 0 })).status(),
  ).toBe(303);
  const watches: Watch[] = [];
  const problems: string[] = [];
  // Two visitors: one may send 30 messages a minute.
  const fromVisitors = payloads(800);
  const fromAgent = payloads(900);
  const half = Math.ceil(PAYLOAD_COUNT / 2);
  const visitors = await Promise.all(
    [fromVisitors.slice(0, half), fromVisitors.slice(half)].map(async (said, index) => {
      const context = await watchedContext(browser, watches);
      await context.addCookies([{ name: 'cookie-agree', value: 'true', url: portal.url }]);
      const page = await context.newPage();
      await page.goto(`${portal.url}/home`);
      await page.locator('portal-chat-launcher').locator('button.launcher').click();
      const panel = page.getByRole('dialog', { name: '在线客服' });
      const input = panel.getByRole('textbox', { name: '输入消息' });
      for (const payload of said) {
        await input.fill(payload);
        await input.press('Enter');
        await expect(input).toHaveValue('');
      }
      const replies = [fromAgent.slice(0, half), fromAgent.slice(half)][index] as string[];
      return { context, page, said, replies };
    }),
  );

  // Each visitor's conversation, found by what they said once it is stored; the agent answers every payload.
  const idOf = async (text: string) => {
    let found: number | undefined;
    await expect
      .poll(async () => {
        const listed = (await (await agent.get('/chat/agent/api/conversations')).json()).result;
        for (const { id } of (Array.isArray(listed) ? listed : listed.conversations) as Conversation[]) {
          const messages = (await (await agent.get(`/chat/agent/api/conversations/${id}/messages`)).json()).result;
          if (messages.some((m: { text?: string }) => m.text === asShown(text))) found = id;
        }
        return found;
      })
      .toBeDefined();
    return found as number;
  };
  for (const visitor of visitors) {
    const id = await idOf(visitor.said.at(-1) as string);
    for (const text of visitor.replies) {
      const answer = await agent.post(`/chat/agent/api/conversations/${id}/messages`, { data: { text } });
      expect(answer.status()).toBe(200);
    }
    problems.push(...(await problemsOn(visitor.page, [...visitor.said, ...visitor.replies])));
    Object.assign(visitor, { id });
  }

  // The agent's inbox: each conversation with both sides' payloads.
  const inboxContext = await watchedContext(browser, watches);
  const inbox = await inboxContext.newPage();
  await inbox.goto(`${portal.url}/chat/agent`);
  await inbox.getByLabel('客服密码').fill(AGENT_PASSWORD);
  await inbox.getByRole('button', { name: '登录' }).click();
  for (const visitor of visitors as Array<(typeof visitors)[number] & { id: number }>) {
    // Its entry in the list: opened in place by the inbox's script, or by its address before the script runs.
    await inbox.getByRole('link', { name: new RegExp(`访客 ${visitor.id}\\b`) }).click();
    problems.push(...(await problemsOn(inbox, [...visitor.said, ...visitor.replies])));
  }
  expectNothingRan(watches, problems);
  await Promise.all([...visitors.map((v) => v.context.close()), inboxContext.close(), agent.dispose()]);
});

test('agreements: pending agreement HTML made of every payload is shown sanitised, title as text', async ({
  browser,
}) => {
  // The data folder is the seam: a new version of each agreement, pending for every user.
  const list = payloads(1000);
  const db = new Database(join(portal.dataDir, 'portal.sqlite'));
  const add = db.prepare('INSERT INTO agreements (code, template_version, title, content_html) VALUES (?, ?, ?, ?)');
  add.run('DATA_PROCESSING', '2099.1', `协议 <img src=x onerror=__xss(1098)>`, `<p>正文仍然显示</p>${list.join('\n')}`);
  add.run(
    'PORTAL_SERVICE',
    '2099.1',
    `协议 "><svg onload=__xss(1099)>`,
    `<p>正文仍然显示</p>${[...list].reverse().join('\n')}`,
  );
  // The version customers are asked for, as publishing it in the studio sets it.
  db.prepare("UPDATE agreement_items SET version = '2099.1', visible = 1").run();
  db.close();

  const watches: Watch[] = [];
  const context = await watchedContext(browser, watches);
  await signIn(context, await accessTokenOf(api, portal.url, 'noadmin'));
  const page = await context.newPage();
  await page.goto(`${portal.url}/product/1`);
  const problems: string[] = [];
  for (const title of ['协议 <img src=x onerror=__xss(1098)>', '协议 "><svg onload=__xss(1099)>']) {
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('正文仍然显示')).toBeVisible();
    problems.push(...(await problemsOn(page, [title])));
    await dialog.getByRole('button', { name: '同意并继续' }).click();
    await expect(dialog).toBeHidden();
  }
  await context.close();
  expectNothingRan(watches, problems);
});

/** A studio form's controls, as the browser parses the page: what a staff member would fill. */
interface FormControl {
  name: string;
  kind: string;
  value: string;
  maxLength: number;
  options: string[];
}

async function formControls(page: Page, html: string, action: string): Promise<FormControl[]> {
  return page.evaluate(
    ([markup, target]) => {
      const doc = new DOMParser().parseFromString(markup, 'text/html');
      const form = [...doc.forms].find((candidate) => candidate.getAttribute('action') === target);
      return [...(form?.elements ?? [])].flatMap((element) => {
        const control = element as HTMLInputElement & HTMLSelectElement;
        if (!control.name || control.name === 'csrf') return [];
        const kind = control.tagName === 'INPUT' ? control.type : control.tagName.toLowerCase();
        const options = control.tagName === 'SELECT' ? [...control.options].map((o) => o.value).filter(Boolean) : [];
        return [{ name: control.name, kind, value: control.value, maxLength: control.maxLength ?? -1, options }];
      });
    },
    [html, action] as const,
  );
}

test(`the studio: ${PAYLOAD_COUNT} payloads in every field of every kind of content, refused forms shown again and published items, as text`, async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const origin = portal.url;
  const staff = new StaffBrowser({ port: Number(new URL(origin).port), origin });
  expect((await staff.signIn(STUDIO_ADMIN.login, STUDIO_ADMIN.password)).status).toBe(303);
  const hub = (await staff.get('/studio/content')).body.split('aria-label="内容类别"')[1] ?? '';
  const bases = [...hub.matchAll(/<li><a href="(\/studio\/[a-z-]+)">/g)].map((match) => match[1] as string);
  expect(bases.length).toBeGreaterThan(0);

  const context = await browser.newContext();
  const parser = await context.newPage();
  await parser.goto(`${origin}/robots.txt`);
  const answers: Answer[] = [];
  const published: string[] = [];
  const accepted: Record<string, number> = {};
  const list = payloads(2000);
  for (const base of bases) {
    const listed = await staff.get(base);
    // A kind of one item (the common data) has no list: its desk opens the item.
    const listPage = listed.status === 303 ? `href="${listed.location}"` : listed.body;
    const firstItem = new RegExp(`href="(${base}/\\d+)"`).exec(listPage)?.[1];
    const creating = (await staff.get(`${base}/new`)).status === 200;
    const formPage = creating ? `${base}/new` : (firstItem as string);
    const action = creating ? base : (firstItem as string);
    expect(formPage, `${base}: a form to fill`).toBeTruthy();
    // Valid values to fall back on where a field refuses a payload: an existing item's.
    const valid = await formControls(parser, (await staff.get(firstItem ?? formPage)).body, firstItem ?? action);
    const controls = await formControls(parser, (await staff.get(formPage)).body, action);
    const fallback = (name: string) => valid.find((control) => control.name === name)?.value ?? '';
    accepted[base] = 0;
    for (const payload of list) {
      const fields: Record<string, string> = {};
      for (const control of controls) {
        if (control.kind === 'select-one' || control.kind === 'select')
          fields[control.name] = fallback(control.name) || (control.options[0] ?? '');
        else if (['text', 'textarea', 'search', 'url', 'hidden'].includes(control.kind))
          fields[control.name] = control.maxLength > 0 ? payload.slice(0, control.maxLength) : payload;
        else fields[control.name] = fallback(control.name) || control.value;
      }
      let saved = await staff.submit(formPage, action, fields);
      if (saved.status === 400) {
        answers.push({ label: `${base} refused ${payload}`, payload, html: saved.body });
        // Again with the refused fields back at valid values: what is left of the payload gets saved.
        const refused = [...saved.body.matchAll(/name="([^"]+)"[^>]*aria-invalid="true"/g)].map((m) => m[1] as string);
        for (const name of refused) fields[name] = fallback(name);
        saved = await staff.submit(formPage, action, fields);
      }
      if (saved.status === 400) {
        // The valid value is another item's address (a section's anchor, a film's name): one of its own.
        const clashing = [...saved.body.matchAll(/name="([^"]+)"[^>]*aria-invalid="true"/g)].map((m) => m[1] as string);
        for (const name of clashing) fields[name] = `${fallback(name)}-${accepted[base]}`;
        saved = await staff.submit(formPage, action, fields);
      }
      if (saved.status !== 303) continue;
      const item = /^(\/studio\/[a-z-]+\/\d+)/.exec(saved.location ?? '')?.[1] as string;
      expect((await staff.submit(item, `${item}/publish`, {})).status).toBe(303);
      accepted[base] = (accepted[base] ?? 0) + 1;
      const shown = await staff.get(item);
      answers.push({ label: `${item} ${payload}`, payload, html: shown.body });
      const address = /地址 <a href="([^"]+)"/.exec(shown.body)?.[1];
      if (address) {
        const page = await fetch(`${origin}${address}`);
        answers.push({ label: `${address} ${payload}`, payload, html: await page.text() });
        if (published.length < NAVIGATED_COUNT) published.push(address);
      }
    }
  }
  await context.close();
  // Every kind took some of the payloads, where its fields allow text at all.
  expect(Object.entries(accepted).filter(([, count]) => count === 0)).toEqual([]);
  await expectInert(browser, answers);
  // A few published pages loaded in a browser that would run what got in.
  await visitEach(browser, published, async (page, address) => {
    await page.goto(`${origin}${address}`);
    return [];
  });
});
