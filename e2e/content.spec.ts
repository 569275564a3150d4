import { axeViolations, expect, pointAt, test } from './fixtures';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a list shows its items, categories and page links', async ({ page }) => {
    await page.goto('/product');
    await expect(page.getByRole('heading', { level: 1, name: '产品中心' })).toBeVisible();
    await expect(page.locator('.cards .card')).toHaveCount(9);
    await expect(
      page.getByRole('navigation', { name: '产品分类' }).getByRole('link', { name: '设备物联' }),
    ).toBeVisible();
    await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '下一页' }).click();
    await expect(page).toHaveURL(/\/product\?page=2$/);
    await expect(page.locator('.cards .card')).toHaveCount(3);
  });

  test('a detail shows its content, editions and prices', async ({ page }) => {
    await page.goto('/product/2');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: '版本与价格' })).toBeVisible();
    await expect(page.locator('.edition .price').first()).toHaveText(/^¥[\d,]+\/.+/);
    await expect(page.getByRole('link', { name: '立即订购' }).first()).toHaveAttribute(
      'href',
      /^\/order\/create\?productId=2&edition=\d+$/,
    );
  });
});

for (const path of ['/product/2', '/product', '/news/12', '/cases/3']) {
  test(`${path} passes axe`, async ({ page }) => {
    await page.goto(path);
    await pointAt(page, 'portal-header');
    expect(await axeViolations(page)).toEqual([]);
  });
}
