import { devices, type Page } from '@playwright/test';
import { issuedVisitor } from '../backend/test-support/chat-visitor';
import { expect, test } from './fixtures';
import { type PortalProcess, startPortalProcess } from './portal-process';

/**
 * The chat's limits as a visitor meets them, on a portal of its own with the
 * production defaults (5 tries per visitor, 50 new conversations per address in
 * ten minutes, 100 visitor ids per address an hour): every visitor here shares
 * the one loopback address, as colleagues in an office do.
 */
let portal: PortalProcess;

test.describe.configure({ mode: 'default', timeout: 60_000 });

test.beforeAll(async () => {
  portal = await startPortalProcess(3, {
    // Empty: the defaults, not the generous allowances the other suites take.
    env: { CHAT_CONVERSATIONS_PER_ADDRESS: '', CHAT_CONVERSATIONS_PER_VISITOR: '', CHAT_VISITORS_PER_ADDRESS: '' },
  });
});
test.afterAll(() => portal?.stop());

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'cookie-agree', value: 'true', url: portal.url }]);
});

const panel = (page: Page) => page.getByRole('dialog', { name: '在线客服' });
const messageBox = (page: Page) => panel(page).getByRole('textbox', { name: '输入消息' });
const launcher = (page: Page) => page.locator('portal-chat-launcher').locator('button.launcher');

/** Conversations started by `count` colleagues behind the same address, through the API. */
async function colleaguesStart(count: number) {
  for (let i = 0; i < count; i++) {
    const answer = await fetch(`${portal.url}/api/chat/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Chat-Visitor': await issuedVisitor(portal.url) },
      body: JSON.stringify({ kind: 'text', text: `同事 ${i + 1} 的咨询` }),
    });
    expect(answer.status, `colleague ${i + 1}`).toBe(200);
  }
}

test('the message box hints at Enter on a desktop, not on a touch screen', async ({ page, browser }) => {
  await page.goto(`${portal.url}/`);
  await launcher(page).click();
  await expect(messageBox(page)).toHaveAttribute('placeholder', '输入消息，按 Enter 发送');

  const { defaultBrowserType: _, ...phone } = devices['iPhone 13'];
  const context = await browser.newContext({ ...phone, locale: 'zh-CN' });
  try {
    await context.addCookies([{ name: 'cookie-agree', value: 'true', url: portal.url }]);
    const onPhone = await context.newPage();
    await onPhone.goto(`${portal.url}/`);
    await launcher(onPhone).tap();
    await expect(messageBox(onPhone)).toBeVisible();
    const hint = (await messageBox(onPhone).getAttribute('placeholder')) ?? '';
    expect(hint).not.toMatch(/Enter|回车/);
  } finally {
    await context.close();
  }
});

test('colleagues behind one address all reach the chat; past the address ceiling a visitor keeps the text and the card, and is told when to try again', async ({
  page,
  problems,
}) => {
  // Fifty colleagues reach the chat (the sixth was refused when one address had five); they make the ceiling.
  await colleaguesStart(50);

  await page.goto(`${portal.url}/product/P2025001`);
  const product = (await (await fetch(`${portal.url}/api/chat/cards/P2025001`)).json()).result as { name: string };
  await page.getByRole('button', { name: '在线咨询' }).click();
  await expect(panel(page)).toBeVisible();
  const refusal = panel(page).getByRole('alert');
  await expect(refusal).toHaveText(/^新会话过多，请约 \d+ 分钟后再试$/);
  // The page's card stays in the panel, marked as not sent.
  const card = panel(page).locator('.message', { has: page.locator('.card', { hasText: product.name }) });
  await expect(card).toBeVisible();
  await expect(card).toContainText('未发送');

  await messageBox(page).fill('你好，我们想采购十台设备');
  await messageBox(page).press('Enter');
  await expect(refusal).toHaveText(/^新会话过多，请约 \d+ 分钟后再试$/);
  await expect(messageBox(page)).toHaveValue('你好，我们想采购十台设备');
  await expect(card).toBeVisible();
  await expect(panel(page).locator('.card')).toHaveCount(1);
  expect(problems.errors.filter((error) => !/429/.test(error))).toEqual([]);
});
