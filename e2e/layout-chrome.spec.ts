import type { Page } from '@playwright/test';
import { expect, portalUrl, test } from './fixtures';
import { auditState } from './layout/audit';
import { checkKeyboardLayer } from './layout/focus-trap';
import { checkFocusSweep, checkTabWalk } from './layout/keyboard';
import { CHROME_PAGES, CHROME_SCREENS, type Screen, screen } from './layout/matrix';
import { LayoutReport } from './layout/report';
import {
  AGREE,
  backToTop,
  HEADER,
  LAUNCHER,
  MENU_TOGGLE,
  NOTICE,
  onScreen,
  openPage,
  PANEL,
  quiet,
} from './layout/session';

// Issue #18: the chrome-heavy pages at every width, with the cookie notice shown and
// then agreed, the chat panel closed and open, and (on narrow screens) the menu open.
test.describe.configure({ timeout: 90_000 });
// The report names every problem and where it is: a trace of each page would only slow the run.
test.use({ trace: 'off' });

/** Opens the chat with the keyboard, audits it open, checks its focus handling, closes it. */
const chatOpen = (page: Page, device: Screen, state: string, first: boolean) =>
  checkKeyboardLayer(page, state, {
    opener: page.locator(LAUNCHER),
    layer: page.locator(PANEL),
    name: 'chat panel',
    takesFocus: true,
    // The second time, only the layers around it changed.
    trap: first,
    whileOpen: async () => {
      await quiet(page);
      return auditState(page, state, device, { axe: first ? 'portal-chat-launcher' : 'none' });
    },
  });

const menuOpen = async (page: Page, device: Screen, state: string) => {
  const toggle = page.locator(MENU_TOGGLE).first();
  return checkKeyboardLayer(page, state, {
    opener: toggle,
    layer: page.locator(`:is(${HEADER}) #${await toggle.getAttribute('aria-controls')}`).first(),
    // The header bar around the open menu counts as inside: its toggle closes the menu.
    container: page.locator(HEADER).first(),
    name: 'menu',
    modal: true,
    whileOpen: async () => {
      await quiet(page);
      return auditState(page, state, device, { axe: HEADER });
    },
  });
};

/**
 * The page's states one after another, in one visit: first-time visitor (notice
 * shown), the menu and the chat opened with the keyboard, then agreed in place
 * (which sets cookie-agree=true) and the chat again. A page without a notice or a
 * chat (the topic layout has no chat) skips those states.
 */
async function chromeStates(page: Page, device: Screen, url: string, report: LayoutReport): Promise<void> {
  const state = (name: string) => `${device.label}, ${name}`;
  await openPage(page, url, { agreed: false });
  const notice = (await page.locator(NOTICE).count()) > 0;
  const chat = (await page.locator(LAUNCHER).count()) > 0;
  const first = state(`notice ${notice ? 'shown' : 'absent'}${chat ? ', chat closed' : ''}`);
  report.add(first, await auditState(page, first, device));
  report.add(first, await checkTabWalk(page, first));
  await backToTop(page);
  if (await page.locator(MENU_TOGGLE).first().isVisible())
    report.add(state('menu open'), await menuOpen(page, device, state('menu open')));
  if (chat) {
    const open = state(`notice ${notice ? 'shown' : 'absent'}, chat open`);
    report.add(open, await chatOpen(page, device, open, true));
  }
  if (!notice) return;

  // A covered button is a finding above; it is pressed here whatever covers it.
  await page.locator(AGREE).evaluate((button: HTMLElement) => button.click());
  await expect(page.locator(NOTICE)).toHaveCount(0);
  expect((await page.context().cookies()).find((c) => c.name === 'cookie-agree')?.value).toBe('true');
  await backToTop(page);
  const agreed = state(`notice agreed${chat ? ', chat closed' : ''}`);
  report.add(agreed, await auditState(page, agreed, device, { axe: 'none' }));
  report.add(agreed, await checkFocusSweep(page, agreed));
  await backToTop(page);
  if (chat)
    report.add(
      state('notice agreed, chat open'),
      await chatOpen(page, device, state('notice agreed, chat open'), false),
    );
}

for (const path of CHROME_PAGES) {
  for (const widths of CHROME_SCREENS) {
    test(`layout of ${path} at ${widths.join(', ')} px`, async ({ browser }, testInfo) => {
      const report = new LayoutReport(`${path} at ${widths.join(', ')} px`);
      for (const device of widths.map(screen))
        await onScreen(browser, device, (page) => chromeStates(page, device, `${portalUrl()}${path}`, report));
      await report.finish(testInfo);
    });
  }
}
