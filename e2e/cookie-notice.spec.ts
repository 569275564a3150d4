import { axeViolations, expect, portalUrl, test } from './fixtures';

const region = { name: 'Cookie 使用提示' };

test.describe('cookie notice on the portal', () => {
  test('shows on the home page with a privacy link and no page errors', async ({ page, problems }) => {
    await page.goto('/');
    const notice = page.getByRole('region', region);
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link', { name: '《隐私政策》' })).toHaveAttribute(
      'href',
      `${portalUrl()}/help?id=49`,
    );
    await expect(notice.getByRole('button', { name: '同意' })).toBeVisible();
    await expect(notice.getByRole('button', { name: '关闭提示' })).toBeVisible();
    expect(problems.errors).toEqual([]);
  });

  test('agree sets cookie-agree=true for a year and the notice stays away', async ({ page, context }) => {
    await page.goto('/home');
    await page.getByRole('region', region).getByRole('button', { name: '同意' }).click();
    await expect(page.getByRole('region', region)).toHaveCount(0);

    const cookie = (await context.cookies()).find((c) => c.name === 'cookie-agree');
    expect(cookie).toMatchObject({ value: 'true', path: '/', sameSite: 'Lax' });
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);

    await page.reload();
    await page.waitForFunction(() => customElements.get('portal-cookie-notice'));
    await expect(page.getByRole('region', region)).toHaveCount(0);
  });

  test('is absent when the visitor arrives with the cookie', async ({ page, context }) => {
    await context.addCookies([{ name: 'cookie-agree', value: 'true', url: portalUrl() }]);
    await page.goto('/');
    await page.waitForFunction(() => document.querySelector('portal-cookie-notice')?.shadowRoot);
    await expect(page.getByRole('region', region)).toHaveCount(0);
  });

  test('comes back after a close when a single-page host changes route', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: '关闭提示' }).click();
    await expect(page.getByRole('region', region)).toHaveCount(0);
    await page.evaluate(() => history.pushState(null, '', '/somewhere-else'));
    await expect(page.getByRole('region', region)).toBeVisible();
  });

  test('is operable with the keyboard alone', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.getByRole('region', region)).toBeVisible();
    const agree = page.getByRole('button', { name: '同意' });
    // The notice is the last thing on the page: backwards from the start, close comes first, then agree.
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: '关闭提示' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(agree).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', region)).toHaveCount(0);
    expect((await context.cookies()).some((c) => c.name === 'cookie-agree' && c.value === 'true')).toBe(true);
  });

  test('the page passes axe with the notice shown', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', region)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('lazy element loading', () => {
  test('a page without portal elements loads only portal.js, and a tag added later loads its code', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    // A page of the portal's origin with the script and no portal element at all.
    await page.route('**/lazy-test-page', (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: '<!doctype html><html lang="zh-CN"><title>lazy</title><script src="/widgets/portal.js" async></script><h1>空白页</h1></html>',
      }),
    );
    await page.goto('/lazy-test-page');
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual(['/widgets/portal.js']);

    await page.evaluate(() => document.body.append(document.createElement('portal-cookie-notice')));
    await page.waitForFunction(() => customElements.get('portal-cookie-notice'));
    await expect(page.getByRole('region', region)).toBeVisible();
    expect(scripts.filter((path) => path.includes('/chunks/runtime-'))).toHaveLength(1);
  });
});

test.describe('a chunk that fails to load', () => {
  test('reloads the page once, not in a loop', async ({ page }) => {
    await page.route('**/widgets/chunks/cookie-notice-*.js', (route) => route.abort());
    // Count document requests: the reload may come before the first page's load event.
    let loads = 0;
    page.on('request', (request) => request.isNavigationRequest() && request.frame() === page.mainFrame() && loads++);
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));

    await page.goto('/');
    await expect.poll(() => loads, { timeout: 10_000 }).toBe(2);
    // The second failure, inside the minute, is reported instead of reloading again.
    await expect.poll(() => errors.some((e) => e.includes('could not load <portal-cookie-notice>'))).toBe(true);
    await page.waitForTimeout(500);
    expect(loads).toBe(2);
  });
});
