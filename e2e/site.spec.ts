import { ROUTES } from '../host/test-support/routes';
import { axeViolations, expect, settled, test } from './fixtures';

/** A bad id (unknown, or not a number where one is numeric) for each route that takes one. */
const BAD_IDS = [
  '/product/999999',
  '/product/abc',
  '/solution/99999',
  '/solution/S0',
  '/cases/99999',
  '/cases/x',
  '/news/99999',
  '/news/1e3',
  '/news/type/99',
  '/news/type/abc',
  '/innovation-practice/99',
  '/innovation-practice/1/2',
  '/innovation-practice/abc/1',
  '/info/9999',
  '/info/abc',
  '/help?id=9999',
  '/propaganda-film/1999',
  '/propaganda-film/2025/none',
  '/meiqia/card?type=1&associationNo=P0000000',
  '/topic/unknown',
  '/no-such-page',
];

/**
 * Pages axe checks here: the other templates of pages whose kind the layout suite
 * opens (`PAGE_KINDS`, axe-checked at a phone's and a desktop's width there).
 */
const AXE_PAGES = [
  '/innovation-practice/1/1',
  '/innovation-practice/3/2',
  '/searchRes?keyword=%E9%87%8F%E5%AD%90%E7%BA%A0%E7%BC%A0',
];

test.describe('every route', () => {
  for (const [path, title, content] of ROUTES) {
    const axe = AXE_PAGES.includes(path);
    test(`${path} renders${axe ? ' and passes axe' : ''}`, async ({ page, problems }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('main')).toContainText(content);
      if (axe) {
        await settled(page);
        expect(await axeViolations(page)).toEqual([]);
      }
      expect(problems.errors).toEqual([]);
    });
  }

  test('a bad id is 404 on every route that takes one', async ({ request }) => {
    for (const path of BAD_IDS) {
      // Read as HTML: the 404 page itself returns home after 3 s.
      const response = await request.get(path);
      expect.soft(response.status(), path).toBe(404);
      expect.soft(await response.text(), path).toContain('This page could not be found');
    }
  });
});

test.describe('site search', () => {
  const search = async (page: import('@playwright/test').Page, keyword: string) => {
    await page.goto('/searchRes');
    await page.getByLabel('搜索关键词').fill(keyword);
    await page.getByRole('button', { name: '搜索' }).click();
    await expect(page).toHaveURL(/\/searchRes\?keyword=/);
  };

  for (const keyword of ['锂', '电池', '设备联网', 'MES', 'IoT', 'OPC UA']) {
    test(`finds “${keyword}” and marks it`, async ({ page }) => {
      await search(page, keyword);
      const words = keyword.split(' ');
      await expect(page.locator('main').getByRole('status')).toContainText(/共找到 \d+ 条/);
      const marks = page.locator('.search-hits mark');
      await expect(marks.first()).toBeVisible();
      for (const text of await marks.allTextContents())
        expect(words.map((w) => w.toLowerCase())).toContain(text.toLowerCase());
    });
  }

  test('shows markup as text', async ({ page, problems }) => {
    await page.addInitScript(() => {
      (window as unknown as { hacked: boolean }).hacked = false;
    });
    await search(page, '<img src=x onerror="window.hacked=true"><b>粗体</b>');
    await expect(page.locator('main').getByRole('status')).toContainText(
      '<img src=x onerror="window.hacked=true"><b>粗体</b>',
    );
    expect(await page.locator('main b, main img[src="x"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { hacked: boolean }).hacked)).toBe(false);
    expect(problems.errors).toEqual([]);
  });

  test('suggests words when nothing matches, and the suggestion finds something', async ({ page }) => {
    await search(page, '量子纠缠咖啡机');
    await expect(page.locator('main').getByRole('status')).toContainText('没有找到');
    await page.locator('.suggestions').getByRole('link', { name: 'MES' }).click();
    await expect(page.locator('.search-hits li').first()).toBeVisible();
  });

  test('filters by type and pages', async ({ page }) => {
    await page.goto('/searchRes?keyword=%E4%BA%91');
    await page.getByRole('navigation', { name: '结果类型' }).getByRole('link', { name: /^新闻/ }).click();
    await expect(page.locator('.search-group h2')).toHaveText(/^新闻/);
    await expect(page.locator('.search-hits li')).toHaveCount(10);
    await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '下一页' }).click();
    await expect(page).toHaveURL(/page=2/);
  });

  test('is where the header’s search icon leads', async ({ page }) => {
    await page.goto('/news');
    await page.locator('portal-header').getByRole('link', { name: '站内搜索' }).click();
    await expect(page).toHaveURL(/\/searchRes$/);
    await expect(page.getByLabel('搜索关键词')).toBeVisible();
  });
});

test.describe('feedback', () => {
  test('the browser checks the fields before sending, and a valid entry is confirmed', async ({ page }) => {
    await page.goto('/feedback');
    await page.getByRole('button', { name: '提交反馈' }).click();
    // Nothing was sent: the browser stopped at the first invalid field.
    await expect(page).toHaveURL(/\/feedback$/);
    expect(await page.locator('#topic').evaluate((el: HTMLSelectElement) => el.validity.valid)).toBe(false);
    await page.getByLabel('反馈类型').selectOption('website');
    await page.getByLabel('反馈内容').fill('新闻列表的分页在手机上可以更大一些，方便点击。');
    await page.getByLabel('联系人').fill('李工');
    await page.getByLabel('手机号或邮箱').fill('not a contact');
    expect(await page.locator('#contact').evaluate((el: HTMLInputElement) => el.validity.patternMismatch)).toBe(true);
    await page.getByLabel('手机号或邮箱').fill('li@example.com');
    await page.getByRole('button', { name: '提交反馈' }).click();
    await expect(page).toHaveURL(/\/feedback\?sent=1$/);
    await expect(page.locator('main').getByRole('status')).toContainText('感谢您的反馈');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('search results render and page', async ({ page }) => {
    await page.goto('/searchRes?keyword=%E4%BA%91&type=news');
    await expect(page.locator('.search-hits li')).toHaveCount(10);
    await expect(page.locator('.search-hits mark').first()).toHaveText('云');
  });

  test('an innovation programme and the help centre render', async ({ page }) => {
    await page.goto('/innovation-practice/1/1');
    await expect(page.getByRole('heading', { name: '课程设置' })).toBeVisible();
    await page.goto('/help?id=49');
    await expect(page.getByRole('heading', { level: 1, name: '隐私政策' })).toBeVisible();
  });
});

/** Pages axe also checks apart from their route above. */
for (const path of AXE_PAGES.filter((page) => !ROUTES.some(([route]) => route === page))) {
  test(`${path} passes axe`, async ({ page }) => {
    await page.goto(path);
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
  });
}
