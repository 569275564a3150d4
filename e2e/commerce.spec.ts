import { expect as baseExpect, type Page } from '@playwright/test';
import { demoOrder } from '../host/test-support/demo-order';
import { accessTokenOf, fillSignInForm, testWithOwnPortal as test } from './accounts';
import { axeViolations, settled } from './fixtures';
import { type PortalProcess, startPortalProcess } from './portal-process';

// Ordering, agreeing and setting an administrator change the accounts for good:
// these flows get a portal of their own.
test.describe.configure({ mode: 'serial', timeout: 60_000 });
// Sign-in goes through the account service and its hub: slower while other tests run.
const expect = baseExpect.configure({ timeout: 15_000 });

const signInForm = (page: Page, username: string) => fillSignInForm(page, username, 15_000);

/** Signs in through the header's sign-in button and comes back to `path`. */
async function signIn(page: Page, portal: PortalProcess, username: string, path = '/product/1') {
  await page.goto(`${portal.url}${path}`);
  await page.locator('portal-login').getByRole('button', { name: '登录' }).click();
  await signInForm(page, username);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
  await expect(page.locator('portal-login').getByRole('button', { name: '退出登录' })).toBeVisible();
}

const orderButton = (page: Page) => page.locator('portal-order-guard').first().getByRole('link', { name: '立即订购' });

const apiToken = (page: Page, portal: PortalProcess, username: string) =>
  accessTokenOf(page.request, portal.url, username);

async function orderCount(page: Page, portal: PortalProcess, token: string): Promise<number> {
  const answer = await page.request.get(`${portal.url}/api-zzy-portal/api/orders`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return (await answer.json()).result.total;
}

test('demo orders a product; the order is shown to its company only; the order pages pass axe', async ({
  page,
  portal,
}) => {
  await signIn(page, portal, 'demo');
  await orderButton(page).click();
  await page.waitForURL(/\/order\/create\?productId=1&edition=\d+$/);
  const form = page.locator('portal-order-form');
  await expect(form.getByLabel('下单企业')).toHaveValue('1001');
  await expect(form.getByLabel('联系人')).toHaveValue('张明');
  expect(await axeViolations(page)).toEqual([]);
  await form.getByLabel('购买数量').fill('2');
  await form.getByLabel('备注').fill('请安排上门部署');
  await form.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/order\/success\?orderNo=ZZY/);
  const orderNo = new URL(page.url()).searchParams.get('orderNo') ?? '';
  await expect(page.getByRole('heading', { name: '下单成功' })).toBeVisible();
  await expect(page.locator('portal-orders').getByText('请安排上门部署')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: '查看订单详情' }).click();
  await page.waitForURL(`${portal.url}/order/${orderNo}`);
  await expect(page.locator('portal-orders').getByText('苏州云启智能装备有限公司')).toBeVisible();
  await page.goto(`${portal.url}/order`);
  await expect(page.locator('portal-orders').getByRole('link', { name: orderNo })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Another company: the API says 404, and so does the page.
  const other = await apiToken(page, portal, 'newterms');
  const theirs = await page.request.get(`${portal.url}/api-zzy-portal/api/orders/${orderNo}`, {
    headers: { Authorization: `Bearer ${other}` },
  });
  expect(theirs.status()).toBe(404);
});

test('each field error is shown in Chinese, and a double submit makes one order', async ({ page, portal }) => {
  await signIn(page, portal, 'demo', '/order/create?productId=2');
  const form = page.locator('portal-order-form');
  await expect(form.getByLabel('下单企业')).toHaveValue('1001');
  await form.getByLabel('购买数量').fill('0');
  await form.getByLabel('联系人').fill('');
  await form.getByLabel('联系电话').fill('12345');
  await form.getByLabel('备注').fill('字'.repeat(201));
  await form.getByRole('button', { name: '提交订单' }).click();
  await expect(form.getByText('购买数量至少为 1')).toBeVisible();
  await expect(form.getByText('请填写联系人姓名')).toBeVisible();
  await expect(form.getByText('请填写正确的手机号或带区号的座机号（如 0512-66668888）')).toBeVisible();
  await expect(form.getByText('备注不超过 200 个字')).toBeVisible();
  await expect(form.getByLabel('购买数量')).toBeFocused();
  await expect(form.getByLabel('联系电话')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('购买数量').fill('1000');
  await form.getByRole('button', { name: '提交订单' }).click();
  await expect(form.getByText('购买数量最多为 999')).toBeVisible();

  const token = await apiToken(page, portal, 'demo');
  const before = await orderCount(page, portal, token);
  await form.getByLabel('购买数量').fill('3');
  await form.getByLabel('联系人').fill('张明');
  await form.getByLabel('联系电话').fill('0512-66668888');
  await form.getByLabel('备注').fill('');
  // Slow the answer so the second click lands while the first is under way.
  await page.route('**/api-zzy-portal/api/orders', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await form.getByRole('button', { name: '提交订单' }).dblclick();
  await page.waitForURL(/\/order\/success/);
  expect(await orderCount(page, portal, token)).toBe(before + 1);
});

test('a retry after a lost answer makes one order', async ({ page, portal }) => {
  await signIn(page, portal, 'demo', '/order/create?productId=3');
  const form = page.locator('portal-order-form');
  await expect(form.getByLabel('下单企业')).toHaveValue('1001');
  const token = await apiToken(page, portal, 'demo');
  const before = await orderCount(page, portal, token);
  // The server places the order, but its answer never arrives.
  await page.route(
    '**/api-zzy-portal/api/orders',
    async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
  await form.getByRole('button', { name: '提交订单' }).click();
  await expect(form.getByRole('alert')).toContainText('再次提交不会重复下单');
  expect(await orderCount(page, portal, token)).toBe(before + 1);
  await form.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/order\/success/);
  expect(await orderCount(page, portal, token)).toBe(before + 1);
});

test('uncertified gets the certification prompt, certifies in the console tab, closes it before the administrator, comes back and orders', async ({
  page,
  portal,
}) => {
  // Two tabs and two visits to the console: more than the file's minute on a busy machine.
  test.setTimeout(90_000);
  await signIn(page, portal, 'uncertified');
  // The server refuses the order pages' data whatever the guard does.
  await page.goto(`${portal.url}/order`);
  await expect(page.locator('portal-orders').getByRole('alert')).toContainText('请先完成企业认证');
  await page.goto(`${portal.url}/product/1`);
  const link = orderButton(page);
  await link.focus();
  await link.press('Enter');
  const dialog = page.getByRole('dialog', { name: '请先完成企业认证' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('该账号暂无已完成认证的企业,请先完成企业认证.');
  await expect(dialog.getByRole('button', { name: '去认证' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: '去认证' })).toBeFocused();
  // This page stays as it is: no reload from here on.
  await page.evaluate(() => document.documentElement.setAttribute('data-before-certifying', ''));

  const asked: string[] = [];
  page.context().on('request', (request) => {
    if (request.url().startsWith(`${portal.consoleUrl}/company/enterprise`)) asked.push(request.url());
  });
  const [consoleTab] = await Promise.all([
    page.waitForEvent('popup'),
    dialog.getByRole('button', { name: '去认证' }).click(),
  ]);
  const back = `${portal.url}/product/1?webneedrefresh=true`;
  expect(asked[0]).toBe(
    `${portal.consoleUrl}/company/enterprise?${new URLSearchParams({ companyid: '1002', redirectUrl: back })}`,
  );
  // Signed in on the portal, the console's tab opens signed in (one sign-in).
  await expect(consoleTab.getByRole('heading', { name: '企业认证' })).toBeVisible();
  await consoleTab.getByLabel('统一社会信用代码').fill('91320594MA1XY05678');
  await consoleTab.getByLabel('法定代表人').fill('李华');
  await consoleTab.getByRole('button', { name: '提交认证' }).click();
  // The console goes on to the administrator in the same visit (certification-trip.spec.ts
  // follows that to the end); this visitor closes the console's tab instead.
  await expect(consoleTab.getByRole('heading', { name: '设置企业管理员' })).toBeVisible();
  await consoleTab.close();

  // Back in the first tab, the guard knows without a reload. Headless Chromium keeps
  // every tab visible and focused: send the focus a browser gives the tab coming back.
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new FocusEvent('focus')));
  await expect(page).toHaveURL(`${portal.url}/product/1`);
  await expect(page.locator('html[data-before-certifying]')).toHaveCount(1);
  // Certified now, the stopped order moves on by itself, and the next check speaks:
  // the company has no administrator yet.
  const admin = page.getByRole('dialog', { name: '请先设置企业管理员' });
  await expect(admin).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('html[data-before-certifying]')).toHaveCount(1);
  await admin.getByRole('button', { name: '去设置' }).click();
  // Signed in to the console in its tab already.
  await page.getByRole('button', { name: '设为管理员' }).click();
  await page.waitForURL((url) => url.pathname === '/product/1');
  await orderButton(page).click();
  await page.waitForURL(/\/order\/create\?productId=1&edition=\d+$/);
  await expect(page.locator('portal-order-form').getByLabel('下单企业')).toHaveValue('1002');
});

test('noadmin is sent to set an administrator, comes back and orders', async ({ page, portal }) => {
  await signIn(page, portal, 'noadmin');
  await orderButton(page).click();
  const dialog = page.getByRole('dialog', { name: '请先设置企业管理员' });
  await expect(dialog).toContainText('该企业还未设置管理员，请先完成管理员设置');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(orderButton(page)).toBeFocused();

  await orderButton(page).click();
  await dialog.getByRole('button', { name: '去设置' }).click();
  // Signed in on the portal, the console's page opens signed in (one sign-in).
  await expect(page.getByRole('heading', { name: '设置企业管理员' })).toBeVisible();
  await page.getByRole('button', { name: '设为管理员' }).click();
  await page.waitForURL((url) => url.pathname === '/product/1');
  await expect(page).toHaveURL(`${portal.url}/product/1`); // webneedrefresh=true dropped
  await orderButton(page).click();
  await page.waitForURL(/\/order\/create/);
  await page.locator('portal-order-form').getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/order\/success/);
});

test('newterms sees two agreements a second apart; declining signs out', async ({ page, portal }) => {
  await signIn(page, portal, 'newterms', '/home');
  const first = page.getByRole('dialog', { name: '数据处理协议' });
  await expect(first).toBeVisible();
  await expect(first).toContainText('关闭本窗口将退出登录');
  // Timed in the page, frame by frame: a test polling for the dialogs would see each late, by up to its polling interval.
  const gap = page.evaluate(() => {
    const openTitle = () =>
      document
        .querySelector('portal-agreement-dialog')
        ?.shadowRoot?.querySelector('dialog[open] [part="title"]')
        ?.textContent?.trim();
    return new Promise<number>((resolve) => {
      let closedAt: number | undefined;
      const watch = () => {
        const title = openTitle();
        if (closedAt === undefined && title !== '数据处理协议') closedAt = performance.now();
        if (closedAt !== undefined && title === '平台服务协议') return resolve(performance.now() - closedAt);
        requestAnimationFrame(watch);
      };
      watch();
    });
  });
  await first.getByRole('button', { name: '同意并继续' }).click();
  await expect(first).toBeHidden();
  const second = page.getByRole('dialog', { name: '平台服务协议' });
  await expect(second).toBeVisible();
  expect(await gap).toBeGreaterThanOrEqual(900);
  await second.getByRole('button', { name: '不同意' }).click();
  await page.waitForURL(`${portal.url}/home`);
  await expect(page.locator('portal-login').getByRole('button', { name: '登录' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('portal.guc.tokens'))).toBeNull();

  // Signed in again, only the declined agreement is left; Escape counts as close once the question is answered.
  await page.locator('portal-login').getByRole('button', { name: '登录' }).click();
  await signInForm(page, 'newterms');
  await expect(second).toBeVisible();
  await expect(page.getByRole('dialog', { name: '数据处理协议' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('alertdialog', { name: '关闭将退出登录' }).getByRole('button', { name: '退出登录' }).click();
  await expect(page.locator('portal-login').getByRole('button', { name: '登录' })).toBeVisible();
});

test.describe('on a phone', () => {
  const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';
  test.use({ userAgent: PHONE, viewport: { width: 390, height: 844 } });

  test('the page asks the account service nothing as it loads; the guarded click signs demo in and goes on to the order', async ({
    page,
    portal,
  }) => {
    const hubFrame = page.locator('iframe[title="sign-in sync"]');
    await page.goto(`${portal.url}/product/1`);
    // The guard's code, and its early check, wait for the visitor's first reach for it.
    await settled(page);
    await expect(page.locator('portal-login')).toHaveCount(0);
    // Everything the page does as it loads (the guard's early check among it) is done.
    await page.waitForLoadState('networkidle');
    await expect(hubFrame).toHaveCount(0);
    await orderButton(page).click();
    const dialog = page.getByRole('dialog', { name: '请先登录' });
    await expect(dialog).toContainText('还未登录,请先登录!');
    await expect(hubFrame, 'the click asked the hub').toHaveCount(1);
    await dialog.getByRole('button', { name: '去登录' }).click();
    await signInForm(page, 'demo');
    // The sign-in comes back to the order it was asked for, finished as that page loads, and its code leaves the address.
    await page.waitForURL(/\/order\/create\?productId=1&edition=\d+$/);
    await expect(page.locator('portal-order-form').getByLabel('联系人')).toHaveValue('张明');
  });
});

test('an order survives a server restart', async ({ page }) => {
  const portal = await startPortalProcess(3, { keepData: true });
  let restarted: PortalProcess | undefined;
  try {
    const token = await apiToken(page, portal, 'demo');
    const placed = await page.request.post(`${portal.url}/api-zzy-portal/api/orders`, {
      headers: { Authorization: `Bearer ${token}` },
      data: demoOrder('restart-test-order-1'),
    });
    const { orderNo } = (await placed.json()).result;
    await portal.stop();
    restarted = await startPortalProcess(3, { dataDir: portal.dataDir });
    const again = await apiToken(page, restarted, 'demo');
    const read = await page.request.get(`${restarted.url}/api-zzy-portal/api/orders/${orderNo}`, {
      headers: { Authorization: `Bearer ${again}` },
    });
    expect(read.status()).toBe(200);
    expect((await read.json()).result.orderNo).toBe(orderNo);
  } finally {
    await restarted?.stop();
    await portal.stop();
  }
});
