import { issuedVisitor } from '../backend/test-support/chat-visitor';
import { fillSignInForm, tokensOf } from './accounts';
import { expect, portalUrl, test } from './fixtures';
import { auditWithKeyboard } from './layout/audit';
import { checkAxe } from './layout/axe';
import { checkLayers } from './layout/layers';
import { PAGE_WIDTHS, screen } from './layout/matrix';
import { LayoutReport } from './layout/report';
import { backToTop, onScreen, openPage, placeOrder, quiet, signedInAs } from './layout/session';

// Issue #18: the pages behind a sign-in, on a phone and on a desktop: the order
// pages as `demo`, the agent inbox, and the local console.
test.describe.configure({ timeout: 60_000 });
// The report names every problem and where it is: a trace of each page would only slow the run.
test.use({ trace: 'off' });

/** A toast sits at the top: phone, tablet and desktop headers differ there. */
const TOAST_WIDTHS = [390, 768, 1440];

/** The agent inbox's password in `local` (README, "Online customer service"). */
const AGENT_PASSWORD = 'Agent@2026';

const consoleUrl = () => {
  const url = process.env.CONSOLE_URL;
  if (!url) throw new Error('CONSOLE_URL is not set: run the tests through playwright.config.ts');
  return url;
};

const ORDER_PAGES: Array<{ name: string; path: (orderNo: string) => string }> = [
  { name: 'order form', path: () => '/order/create?productId=1&edition=1' },
  { name: 'order placed', path: (no) => `/order/success?orderNo=${no}` },
  { name: 'order detail', path: (no) => `/order/${no}` },
  { name: 'order list', path: () => '/order' },
];

for (const order of ORDER_PAGES) {
  test(`layout of the ${order.name}`, async ({ browser, request }, testInfo) => {
    const tokens = await tokensOf(request, portalUrl(), 'demo');
    const orderNo = order.name === 'order form' ? '' : await placeOrder(request, portalUrl(), tokens);
    const path = order.path(orderNo);
    const report = new LayoutReport(path);
    for (const device of PAGE_WIDTHS.map(screen))
      await onScreen(browser, device, async (page) => {
        await signedInAs(page, portalUrl(), tokens);
        await openPage(page, `${portalUrl()}${path}`, { agreed: false });
        // The order elements fetch what they show once they find the sign-in.
        if (orderNo) await expect(page.locator('portal-orders').getByText(orderNo).first()).toBeVisible();
        else await expect(page.locator('portal-order-form').getByLabel('下单企业')).toHaveValue('1001');
        await quiet(page);
        const state = `${device.label}, signed in as demo`;
        report.add(state, await auditWithKeyboard(page, state, device));
      });
    await report.finish(testInfo);
  });
}

test('layout with a toast shown', async ({ browser, request }, testInfo) => {
  const tokens = await tokensOf(request, portalUrl(), 'demo');
  const report = new LayoutReport('/product/1 with a toast');
  for (const device of TOAST_WIDTHS.map(screen))
    await onScreen(browser, device, async (page) => {
      await signedInAs(page, portalUrl(), tokens);
      // The order guard's administrator check fails: its error is a toast (SPEC §8).
      await page.route('**/api-kernel-portal/api/verify/business', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"E0500","status":500}' }),
      );
      await openPage(page, `${portalUrl()}/product/1`, { agreed: true });
      const toast = page.locator('portal-toast [part~="toast"]');
      const state = `${device.label}, a toast shown`;
      // A toast stays 1.5 s: the checks must be done while it is there, or they run again.
      for (let attempt = 1; attempt <= 3; attempt++) {
        await page.locator('portal-order-guard a').first().focus();
        await page.keyboard.press('Enter');
        await expect(toast).toBeVisible();
        // The page under it is laid out as in the other tests: only what the toast covers is new.
        const findings = [...(await checkLayers(page, state)), ...(await checkAxe(page, state, 'portal-toast'))];
        if (await toast.isVisible()) {
          report.add(state, findings);
          break;
        }
        await expect(toast).toBeHidden();
        if (attempt === 3) report.add(state, []);
      }
    });
  await report.finish(testInfo);
});

test('layout of the agent inbox', async ({ browser, request }, testInfo) => {
  // A visitor's conversation, so the inbox has a list and a thread to show.
  const sent = await request.post(`${portalUrl()}/api/chat/messages`, {
    headers: { 'X-Chat-Visitor': await issuedVisitor(portalUrl()), Origin: portalUrl() },
    data: { kind: 'text', text: '你好，想了解设备物联平台的价格' },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const conversation = (await sent.json()).result.conversationId as number;
  const report = new LayoutReport('/chat/agent');
  for (const device of PAGE_WIDTHS.map(screen))
    await onScreen(browser, device, async (page) => {
      // Every test's visitor comes from one address, whose conversations the list folds into one row: a search is never folded.
      await openPage(page, `${portalUrl()}/chat/agent?q=${encodeURIComponent(`访客 ${conversation}`)}`, {
        agreed: true,
      });
      const signedOut = `${device.label}, signed out`;
      report.add(signedOut, await auditWithKeyboard(page, signedOut, device));
      await backToTop(page);
      await page.getByLabel('客服密码').fill(AGENT_PASSWORD);
      await page.getByRole('button', { name: '登录' }).click();
      await page.getByRole('link', { name: new RegExp(`访客 ${conversation}(?!\\d)`) }).click();
      await quiet(page);
      const open = `${device.label}, a conversation open`;
      report.add(open, await auditWithKeyboard(page, open, device));
    });
  await report.finish(testInfo);
});

test('layout of the local console', async ({ browser }, testInfo) => {
  const report = new LayoutReport(`the local console (${consoleUrl()}/welcome)`);
  for (const device of PAGE_WIDTHS.map(screen))
    await onScreen(browser, device, async (page) => {
      await page.goto(`${consoleUrl()}/welcome`);
      await expect(page.getByRole('heading', { name: '登录智造云' })).toBeVisible();
      await quiet(page);
      const form = `${device.label}, the account service's sign-in form`;
      report.add(form, await auditWithKeyboard(page, form, device));
      await backToTop(page);
      await fillSignInForm(page, 'demo');
      await page.waitForURL(`${consoleUrl()}/welcome`);
      await quiet(page);
      const signedIn = `${device.label}, signed in as demo`;
      report.add(signedIn, await auditWithKeyboard(page, signedIn, device));
    });
  await report.finish(testInfo);
});
