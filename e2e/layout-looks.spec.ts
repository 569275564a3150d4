import { fillSignInForm } from './accounts';
import { expect, portalUrl, test } from './fixtures';
import { screen } from './layout/matrix';
import { onScreen, openPage } from './layout/session';

// What only a screenshot used to show, each seen as a visitor would.
test.use({ trace: 'off' });
test.describe.configure({ timeout: 60_000 });

const demoUrl = (name: string) => process.env[`DEMO_${name}_URL`] ?? '';

test('the help centre folds its menu on phones, naming the open article, and shows it beside the article on desktops', async ({
  browser,
}) => {
  await onScreen(browser, screen(390), async (page) => {
    await openPage(page, `${portalUrl()}/help?id=49`, { agreed: true });
    const fold = page.locator('details.side-fold');
    const summary = fold.locator('summary');
    await expect(summary).toBeVisible();
    await expect(summary).toHaveText(/帮助目录\s*：\s*隐私政策/);
    const entries = page.getByRole('navigation', { name: '帮助文档' }).getByRole('link');
    await expect(entries.first()).toBeHidden();
    // The article comes right after the folded menu, not after 13 entries.
    const article = await page.getByRole('heading', { level: 1, name: '隐私政策' }).boundingBox();
    expect(article!.y).toBeLessThan(500);
    await summary.click();
    await expect(entries.first()).toBeVisible();
    await expect(entries.last()).toBeVisible();
    await expect(page.getByRole('navigation', { name: '帮助文档' }).locator('[aria-current="page"]')).toHaveText(
      '隐私政策',
    );
  });
  await onScreen(browser, screen(1280), async (page) => {
    await openPage(page, `${portalUrl()}/help?id=49`, { agreed: true });
    await expect(page.locator('details.side-fold summary')).toBeHidden();
    const entries = page.getByRole('navigation', { name: '帮助文档' }).getByRole('link');
    expect(await entries.count()).toBeGreaterThan(10);
    for (const entry of await entries.all()) await expect(entry).toBeVisible();
  });
});

/** The tops of a list's items, rounded: one value is one row. */
const rowsOf = (page: import('@playwright/test').Page, selector: string) =>
  page.$$eval(selector, (items) => [...new Set(items.map((item) => Math.round(item.getBoundingClientRect().top)))]);

test('four steps are one row at 1280 and 1440 px (they were 3 + 1), two by two or one a row on phones', async ({
  browser,
}) => {
  for (const width of [1280, 1440])
    await onScreen(browser, screen(width), async (page) => {
      await openPage(page, `${portalUrl()}/certification`, { agreed: true });
      expect(await rowsOf(page, 'ol.steps > li')).toHaveLength(1);
      // An engineer-training programme: its four stages.
      await openPage(page, `${portalUrl()}/innovation-practice/1/1`, { agreed: true });
      expect(await rowsOf(page, 'ol.steps > li')).toHaveLength(1);
    });
  for (const width of [360, 390])
    await onScreen(browser, screen(width), async (page) => {
      await openPage(page, `${portalUrl()}/certification`, { agreed: true });
      expect([2, 4]).toContain((await rowsOf(page, 'ol.steps > li')).length);
    });
});

test("the header's submenu shows each entry on one line at 1280 px", async ({ browser }) => {
  await onScreen(browser, screen(1280), async (page) => {
    await openPage(page, `${portalUrl()}/`, { agreed: true });
    await page.locator('portal-header').getByRole('link', { name: '创新实训', exact: true }).hover();
    const entry = page.locator('portal-header').getByRole('link', { name: '数字化工厂工程师实训' });
    await expect(entry).toBeVisible();
    const lines = await entry.evaluate((a) => {
      const range = document.createRange();
      range.selectNodeContents(a);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
  });
});

test('the topic page: the banner is a coloured panel near the header on phones, and 方案概览 leads to 方案概览', async ({
  browser,
}) => {
  await onScreen(browser, screen(390), async (page) => {
    await openPage(page, `${portalUrl()}/topic/battery`, { agreed: true });
    const banner = page.locator('section.banner');
    const background = await banner.evaluate((b) => getComputedStyle(b).backgroundImage);
    expect(background).not.toBe('none');
    const header = await page.locator('portal-topic-header').boundingBox();
    const title = await page.locator('#banner-title').boundingBox();
    // About 150 px of bare white stood between the header and the title.
    expect(title!.y - (header!.y + header!.height)).toBeLessThan(80);
    const anchor = page.locator('portal-topic-header').locator('a.anchor[href="#solution"]');
    await expect(page.locator('#solution h2')).toHaveText((await anchor.textContent()) ?? '');
  });
});

test("the console's card keeps a margin from both edges at 360 px", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`${process.env.CONSOLE_URL}/welcome`);
  await fillSignInForm(page, 'demo');
  await expect(page.getByRole('button', { name: '退出登录' })).toBeVisible();
  const card = (await page.locator('main').boundingBox())!;
  expect(card.x).toBeGreaterThanOrEqual(12);
  expect(card.x + card.width).toBeLessThanOrEqual(360 - 12);
});

test('the element gallery fits phones, fills its stages without scrolling, and rings a focused frame', async ({
  browser,
}) => {
  for (const width of [360, 390])
    await onScreen(browser, screen(width), async (page) => {
      await page.goto(`${demoUrl('GALLERY')}/`);
      await expect(page.locator('main')).toHaveAttribute('aria-busy', 'false');
      await page.waitForLoadState('load');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // Every frame loads at once (a lazy frame stayed a blank box until scrolled to).
      expect(await page.locator('iframe[loading="lazy"]').count()).toBe(0);
      // The agreement dialog shows nothing to a visitor: its stage says so.
      await expect(page.locator('section#portal-agreement-dialog .stage-note').first()).toBeVisible();
    });
  await onScreen(browser, screen(1280), async (page) => {
    await page.goto(`${demoUrl('GALLERY')}/`);
    await expect(page.locator('main')).toHaveAttribute('aria-busy', 'false');
    const frame = page.locator('section#portal-footer iframe.stage').first();
    await frame.focus();
    expect(await frame.evaluate((f) => getComputedStyle(f).outlineStyle)).not.toBe('none');
  });
});
