import { portalUrl, test } from './fixtures';
import { auditWithKeyboard } from './layout/audit';
import { CHROME_PAGES, CHROME_WIDTHS, PAGE_KINDS, PAGE_WIDTHS, screen } from './layout/matrix';
import { LayoutReport } from './layout/report';
import { onScreen, openPage } from './layout/session';

// Issue #18: every page kind of the route table as a first-time visitor sees it
// (cookie notice shown), on a phone and on a desktop. The chrome-heavy pages are
// laid out here only at the widths layout-chrome.spec.ts does not cover.
test.describe.configure({ timeout: 60_000 });
// The report names every problem and where it is: a trace of each page would only slow the run.
test.use({ trace: 'off' });

for (const path of PAGE_KINDS) {
  const widths = PAGE_WIDTHS.filter((width) => !(CHROME_PAGES.includes(path) && CHROME_WIDTHS.includes(width)));
  test(`layout of ${path}`, async ({ browser }, testInfo) => {
    const report = new LayoutReport(path);
    for (const device of widths.map(screen))
      await onScreen(browser, device, async (page) => {
        const state = `${device.label}, first visit`;
        await openPage(page, `${portalUrl()}${path}`, { agreed: false });
        report.add(state, await auditWithKeyboard(page, state, device));
      });
    await report.finish(testInfo);
  });
}
