import { readFileSync } from 'node:fs';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { demoOrder } from '../host/test-support/demo-order';
import { tokensOf } from './accounts';
import { axeViolations } from './fixtures';
import { auditWithKeyboard } from './layout/audit';
import { PAGE_WIDTHS, screen } from './layout/matrix';
import { LayoutReport } from './layout/report';
import { onScreen, quiet, signedInAs } from './layout/session';
import { type PortalProcess, STUDIO_ADMIN, startPortalProcess } from './portal-process';
import { asShown, parsedPayloads, payloads, shownText, watchForScript } from './xss';

/**
 * The owner's desk as the site's owner meets it: an order `demo` placed is
 * confirmed in the studio and the customer's order page says so; what visitors
 * and customers typed (hostile or not) is shown as text; the lists export as a
 * spreadsheet; every desk page is usable at 390 and 1440 px, by keyboard.
 * A portal of its own: the tests place orders and store feedback.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ mode: 'serial', timeout: 90_000 });

let portal: PortalProcess;
test.beforeAll(async () => {
  portal = await startPortalProcess(3, { env: { DEMO_SITES: 'false' }, ready: /Studio on/ });
});
test.afterAll(() => portal?.stop());

async function studioSignIn(page: Page) {
  await page.goto(`${portal.url}/studio/login`);
  await page.getByLabel('账号', { exact: true }).fill(STUDIO_ADMIN.login);
  await page.getByLabel('密码', { exact: true }).fill(STUDIO_ADMIN.password);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('heading', { name: /^你好/ })).toBeVisible();
}

/** Places an order as `demo` through the API, with these changes to the form's fields. */
async function placeOrder(page: Page, changes: Record<string, unknown>): Promise<string> {
  const { accessToken } = await tokensOf(page.request, portal.url, 'demo');
  const answer = await page.request.post(`${portal.url}/api-zzy-portal/api/orders`, {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: demoOrder(`desk-e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`, changes),
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()).result.orderNo;
}

test('an order demo places is confirmed in the desk, and the customer’s order page says 已确认', async ({
  browser,
}) => {
  const customer = await browser.newPage();
  await signedInAs(customer, portal.url, await tokensOf(customer.request, portal.url, 'demo'));
  await customer.goto(`${portal.url}/order/create?productId=1`);
  const form = customer.locator('portal-order-form');
  await expect(form.getByLabel('下单企业')).toHaveValue('1001');
  await form.getByLabel('备注').fill('请安排上门部署');
  await form.getByRole('button', { name: '提交订单' }).click();
  await customer.waitForURL(/\/order\/success\?orderNo=ZZY/);
  const orderNo = new URL(customer.url()).searchParams.get('orderNo') ?? '';
  await expect(customer.locator('portal-orders').getByText('已提交，待确认')).toBeVisible();

  const owner = await browser.newPage();
  await studioSignIn(owner);
  // The number at a glance leads to the new orders.
  await owner.getByRole('link', { name: /个新订单待确认/ }).click();
  await expect(owner.getByLabel('状态')).toHaveValue('submitted');
  await owner.getByRole('link', { name: orderNo }).click();
  await expect(owner.getByRole('heading', { name: `订单 ${orderNo}` })).toBeVisible();
  await expect(owner.getByText('请安排上门部署')).toBeVisible();
  expect(await axeViolations(owner)).toEqual([]);
  await owner.getByLabel(/^说明/).fill('已电话联系张明');
  await owner.getByRole('button', { name: '确认订单' }).click();
  await expect(owner.getByRole('status')).toContainText('订单已确认');
  await expect(owner.getByRole('cell', { name: '已收到 → 已确认' })).toBeVisible();
  await expect(owner.getByRole('cell', { name: '已电话联系张明' })).toBeVisible();

  await customer.goto(`${portal.url}/order/${orderNo}`);
  const details = customer.locator('portal-orders');
  await expect(details.getByText('已确认', { exact: true })).toBeVisible();
  await expect(details.getByText('状态更新时间')).toBeVisible();

  // A move the order no longer allows is refused, in words.
  await owner.getByRole('button', { name: '标记为已完成' }).click();
  await expect(owner.getByRole('status')).toContainText('订单已标记为完成');
  await expect(owner.getByRole('button', { name: '取消订单' })).toHaveCount(0);
  await expect(owner.getByText('“已完成”的订单不能再改状态。')).toBeVisible();
  await customer.reload();
  await expect(details.getByText('已完成', { exact: true })).toBeVisible();
  await owner.context().close();
  await customer.context().close();
});

test('the lists download as CSV with their Chinese file names', async ({ browser }) => {
  const owner = await browser.newPage();
  await studioSignIn(owner);
  await owner.goto(`${portal.url}/studio/orders?status=fulfilled`);
  const [orders] = await Promise.all([
    owner.waitForEvent('download'),
    owner.getByRole('link', { name: /导出 CSV/ }).click(),
  ]);
  expect(orders.suggestedFilename()).toMatch(/^订单-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync(await orders.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.toString('utf8')).toContain('已完成');
  await owner.goto(`${portal.url}/studio/feedback`);
  const [feedback] = await Promise.all([
    owner.waitForEvent('download'),
    owner.getByRole('link', { name: /导出 CSV/ }).click(),
  ]);
  expect(feedback.suggestedFilename()).toMatch(/^反馈-\d{4}-\d{2}-\d{2}\.csv$/);
  await owner.context().close();
});

/** Payloads that fit a field of `max` characters, joined into as few values as fit. */
function packed(list: string[], max: number): string[] {
  const values: string[] = [];
  for (const payload of list.filter((p) => p.length <= max)) {
    const last = values.at(-1);
    if (last !== undefined && last.length + 1 + payload.length <= max) values[values.length - 1] = `${last} ${payload}`;
    else values.push(payload);
  }
  return values;
}

test('hostile text in orders and feedback is shown in the desk as text, and nothing runs', async ({ browser }) => {
  const setup = await browser.newPage();
  const remarks = packed(payloads(0).slice(0, 24), 200).slice(0, 4);
  const orders: string[] = [];
  for (const remark of remarks) orders.push(await placeOrder(setup, { remark }));
  const contents = packed(payloads(100), 1000).slice(0, 3);
  expect(remarks.length * contents.length).toBeGreaterThan(1);
  for (const content of contents) {
    const sent = await setup.request.post(`${portal.url}/api/feedback`, {
      data: { topic: 'website', content, contactName: '<b>王</b>"先生\'', contact: 'a@b.cn' },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
  }
  await setup.close();

  const context = await browser.newContext({ bypassCSP: true });
  const watch = await watchForScript(context);
  const owner = await context.newPage();
  await studioSignIn(owner);
  const problems: string[] = [];
  const look = async (path: string, texts: string[]) => {
    await owner.goto(`${portal.url}${path}`);
    const text = await shownText(owner);
    for (const expected of texts)
      if (!text.includes(asShown(expected))) problems.push(`${path}: not shown: ${expected}`);
    problems.push(...(await parsedPayloads(owner)));
    return text;
  };
  await look('/studio/orders', []);
  for (const [index, orderNo] of orders.entries()) await look(`/studio/orders/${orderNo}`, [remarks[index] as string]);
  await look('/studio/feedback', ['<b>王</b>"先生\'']);
  const entries = await owner
    .locator('main table a')
    .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
  let shown = '';
  for (const href of entries) shown += await look(href, []);
  for (const content of contents) if (!shown.includes(asShown(content))) problems.push(`not shown whole: ${content}`);
  expect({ ran: [...watch.executions, ...watch.dialogs], problems }).toEqual({ ran: [], problems: [] });
  await context.close();
});

test('layout of the desk at 390 and 1440 px, by keyboard', async ({ browser }, testInfo) => {
  const report = new LayoutReport('the owner’s desk (/studio/orders, /studio/feedback)');
  const orderNo = await (async () => {
    const page = await browser.newPage();
    const placed = await placeOrder(page, { remark: '布局检查用的订单' });
    await page.close();
    return placed;
  })();
  for (const device of PAGE_WIDTHS.map(screen))
    await onScreen(browser, device, async (page) => {
      await studioSignIn(page);
      const states: Array<[string, string]> = [
        ['the first page', '/studio'],
        ['the orders', '/studio/orders'],
        ['the orders, a wrong filter', '/studio/orders?from=2026-02-30&q=%E5%BC%A0'],
        ['an order', `/studio/orders/${orderNo}`],
        ['the feedback', '/studio/feedback?show=all'],
      ];
      for (const [name, path] of states) {
        await page.goto(`${portal.url}${path}`);
        await quiet(page);
        const state = `${device.label}, ${name}`;
        report.add(state, await auditWithKeyboard(page, state, device));
        await testInfo.attach(`${device.width}px ${name}`, {
          body: await page.screenshot({ fullPage: true }),
          contentType: 'image/png',
        });
      }
      const first = page.locator('main table a').first();
      await page.goto(`${portal.url}/studio/feedback?show=all`);
      if (await first.count()) {
        await first.click();
        await quiet(page);
        const state = `${device.label}, a feedback entry`;
        report.add(state, await auditWithKeyboard(page, state, device));
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(device.width);
    });
  await report.finish(testInfo);
});
