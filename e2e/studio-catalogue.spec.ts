import { expect as baseExpect, type Page } from '@playwright/test';
import { accessTokenOf, fillSignInForm } from './accounts';
import { test } from './fixtures';
import { type PortalProcess, STUDIO_ADMIN, startPortalProcess } from './portal-process';

/**
 * The catalogue as its owner changes it, on a portal of its own (a price and
 * an agreement changed for good): a price published in the studio is on the
 * product page and is what demo's next order records; a new version of an
 * agreement published makes a customer who confirmed the old one confirm it.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });
// Sign-in goes through the account service and its hub: slower while other tests run.
const expect = baseExpect.configure({ timeout: 15_000 });

let own: PortalProcess;
test.beforeAll(async () => {
  own = await startPortalProcess(3, { env: { DEMO_SITES: 'false' }, ready: /Studio on/ });
});
test.afterAll(() => own?.stop());

async function studioDesk(page: Page, desk: string) {
  await page.goto(`${own.url}/studio/login`);
  await page.getByLabel('账号', { exact: true }).fill(STUDIO_ADMIN.login);
  await page.getByLabel('密码', { exact: true }).fill(STUDIO_ADMIN.password);
  await page.getByRole('button', { name: '登录' }).click();
  await page.getByRole('link', { name: '内容' }).click();
  await page.getByRole('list', { name: '内容类别' }).getByRole('link', { name: desk, exact: true }).click();
}

/** Signs in as `username` through the header's sign-in button and comes back to `path`. */
async function customerSignIn(page: Page, username: string, path: string) {
  await page.goto(`${own.url}${path}`);
  await page.locator('portal-login').first().getByRole('button', { name: '登录', exact: true }).click();
  await fillSignInForm(page, username, 15_000);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
}

test('a publisher changes a price: the product page shows it and demo’s next order records it', async ({ browser }) => {
  const admin = await browser.newPage();
  await studioDesk(admin, '产品');
  await admin.getByRole('link', { name: '智造云 IoT 设备接入平台' }).click();
  const first = admin.getByRole('group', { name: /^第 1 个版本/ });
  await expect(first.getByLabel('价格（元）')).toHaveValue('19800');
  await first.getByLabel('价格（元）').fill('20888.123');
  await admin.getByRole('button', { name: '保存草稿' }).click();
  // Refused: the price says why, and every value typed is still there.
  await expect(admin.getByRole('alert')).toContainText('处需要修改');
  await expect(first.getByLabel('价格（元）')).toHaveValue('20888.123');
  await expect(first.getByText('最多两位小数')).toBeVisible();
  await first.getByLabel('价格（元）').fill('20888');
  await admin.getByRole('button', { name: '保存草稿' }).click();
  await expect(admin.getByRole('status')).toContainText('草稿已保存');

  const visitor = await browser.newPage();
  await visitor.goto(`${own.url}/product/1`);
  await expect(visitor.locator('.edition').first()).toContainText('¥19,800', { timeout: 5_000 });

  await admin.getByRole('button', { name: '发布草稿' }).click();
  await expect(admin.getByRole('status')).toContainText('已发布');
  await visitor.reload();
  await expect(visitor.locator('.edition').first()).toContainText('¥20,888');

  // demo orders the first edition from the product page.
  const customer = await browser.newPage();
  await customerSignIn(customer, 'demo', '/product/1');
  await customer.locator('portal-order-guard').first().getByRole('link', { name: '立即订购' }).click();
  await customer.waitForURL(/\/order\/create\?productId=1&edition=\d+$/);
  const form = customer.locator('portal-order-form');
  await expect(form.getByLabel('下单企业')).toHaveValue('1001');
  await form.getByLabel('购买数量').fill('2');
  await form.getByRole('button', { name: '提交订单' }).click();
  await customer.waitForURL(/\/order\/success\?orderNo=ZZY/);
  const orderNo = new URL(customer.url()).searchParams.get('orderNo') ?? '';
  const token = await accessTokenOf(customer.request, own.url, 'demo');
  const placed = await customer.request.get(`${own.url}/api-zzy-portal/api/orders/${orderNo}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const order = (await placed.json()).result;
  expect(order.unitPriceFen).toBe(2_088_800);
  expect(order.totalFen).toBe(4_177_600);
  await Promise.all([admin.close(), visitor.close(), customer.close()]);
});

test('an agreement’s new version published: a customer who confirmed the old one confirms it at sign-in', async ({
  browser,
}) => {
  const admin = await browser.newPage();
  await studioDesk(admin, '协议');
  await admin.getByRole('link', { name: '平台服务协议（2026.1）' }).click();
  await admin.getByLabel('版本号').fill('2026.2');
  await admin.getByLabel('协议名称').fill('平台服务协议（第二版）');
  // The text in the rich-text editor, typed over the old one.
  const editor = admin.locator('trix-editor');
  await editor.click();
  await admin.keyboard.press('ControlOrMeta+A');
  await admin.keyboard.type('第二版：服务可用性承诺提高到 99.95%。<script>alert(1)</script>');
  await admin.getByRole('button', { name: '保存草稿' }).click();
  await expect(admin.getByRole('status')).toContainText('草稿已保存');
  await admin.getByRole('button', { name: '发布草稿' }).click();
  await expect(admin.getByRole('status')).toContainText('已发布');
  await admin.close();

  // demo confirmed every agreement of the seed (version 2026.1).
  const customer = await browser.newPage();
  await customerSignIn(customer, 'demo', '/product');
  const dialog = customer.getByRole('dialog', { name: '平台服务协议（第二版）' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('服务可用性承诺提高到 99.95%');
  await dialog.getByRole('button', { name: '同意并继续' }).click();
  await expect(dialog).toBeHidden();
  await customer.reload();
  await expect(customer.locator('portal-login').first().getByRole('button', { name: '退出登录' })).toBeVisible();
  await customer.waitForTimeout(1_000);
  await expect(customer.getByRole('dialog', { name: '平台服务协议（第二版）' })).toHaveCount(0);
  await customer.close();
});
