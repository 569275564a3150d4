import { devices, type Page } from '@playwright/test';
import { axeViolations, expect, holdBack, portalUrl, test } from './fixtures';

const region = { name: 'Cookie 使用提示' };
const { defaultBrowserType: _, ...phone } = devices['iPhone 13'];

/** The element's code and the framework it runs on: the portal's own notice needs none of it. */
const FRAMEWORK = /\/widgets\/chunks\/(runtime|cookie-notice|nanostores|state)-[\w-]+\.js/;

/** A page of the portal's origin that is not the portal's: an embedder's, with the element and portal.js. */
const EMBEDDER_PAGE = `<!doctype html><html lang="zh-CN"><title>partner</title><script src="/widgets/portal.js" async></script><h1>合作伙伴页面</h1><a href="#">链接</a><portal-cookie-notice></portal-cookie-notice></html>`;
async function embedderPage(page: Page) {
  await page.route('**/embedder-page*', (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: EMBEDDER_PAGE }),
  );
  await page.goto('/embedder-page');
}

/**
 * Records, from the document's start, whether the notice is visible in each frame
 * (a requestAnimationFrame callback runs before its frame is painted, the first one
 * before the first paint), and the layout shifts.
 */
const watchFrames = () => {
  const seen: boolean[] = [];
  const shifts: Array<{ value: number; lowest: number }> = [];
  new PerformanceObserver((list) => {
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: Array<{ previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
    };
    for (const entry of list.getEntries() as Shift[])
      if (!entry.hadRecentInput)
        shifts.push({
          value: entry.value,
          lowest: Math.max(...entry.sources.flatMap((s) => [s.previousRect.bottom, s.currentRect.bottom])),
        });
  }).observe({ type: 'layout-shift', buffered: true });
  const frame = () => {
    const notice = document.getElementById('cookie-notice')?.shadowRoot?.querySelector('section');
    seen.push(Boolean(notice?.checkVisibility()));
    if (seen.length < 600) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  Object.assign(window, { noticeFrames: seen, layoutShifts: shifts });
};
/** The layout shift (CLS) so far: all of it, or only shifts reaching into the window's lower half (the notice, the floating controls). */
const layoutShift = (page: Page, where: 'all' | 'lower half') =>
  page.evaluate(
    (lowerHalf) =>
      (window as unknown as { layoutShifts: Array<{ value: number; lowest: number }> }).layoutShifts
        .filter((shift) => !lowerHalf || shift.lowest > innerHeight / 2)
        .reduce((sum, shift) => sum + shift.value, 0),
    where === 'lower half',
  );
const framesShown = (page: Page) =>
  page.evaluate(() => (window as unknown as { noticeFrames: boolean[] }).noticeFrames);

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
    // The portal's own notice is the server's: the page has loaded, its inline scripts have run.
    await page.waitForLoadState('load');
    await expect(page.getByRole('region', region)).toHaveCount(0);
  });

  test('is absent when the visitor arrives with the cookie', async ({ page, context }) => {
    await context.addCookies([{ name: 'cookie-agree', value: 'true', url: portalUrl() }]);
    await page.goto('/');
    await page.waitForLoadState('load');
    await expect(page.getByRole('region', region)).toHaveCount(0);
  });

  test('comes back after a close when a single-page host changes route', async ({ page }) => {
    // The element's behaviour for single-page embedders; the portal's own pages are full page loads.
    await embedderPage(page);
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
    // An embedder's page: the portal's own draw the notice without the element's code.
    await page.route('**/embedder-page*', (route) =>
      route.fulfill({ contentType: 'text/html; charset=utf-8', body: EMBEDDER_PAGE }),
    );
    // Count document requests: the reload may come before the first page's load event.
    let loads = 0;
    page.on('request', (request) => request.isNavigationRequest() && request.frame() === page.mainFrame() && loads++);
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));

    await page.goto('/embedder-page');
    await expect.poll(() => loads, { timeout: 10_000 }).toBe(2);
    // The second failure, inside the minute, is reported instead of reloading again.
    await expect.poll(() => errors.some((e) => e.includes('could not load <portal-cookie-notice>'))).toBe(true);
    await page.waitForTimeout(500);
    expect(loads).toBe(2);
  });
});

test.describe('the portal’s own notice, drawn by the server (issue #33)', () => {
  test('is in the server’s HTML, with 同意 as a form, and no element code or preload for it', async ({ request }) => {
    for (const path of ['/', '/product/1', '/topic/battery']) {
      const html = await (await request.get(path, { headers: { cookie: '' } })).text();
      expect(html, path).toContain('<div id="cookie-notice"><template shadowrootmode="open">');
      expect(html, path).toContain('aria-label="Cookie 使用提示"');
      expect(html, path).toMatch(
        /<form method="post" action="\/cookie-agree" class="actions"><input type="hidden" name="back" value="\/[^"]*"\/>/,
      );
      expect(html, path).not.toContain('<portal-cookie-notice');
      expect(html, path).not.toMatch(/chunks\/cookie-notice-/);
    }
    // One who agreed gets the page without it.
    const agreed = await (await request.get('/about', { headers: { cookie: 'cookie-agree=true' } })).text();
    expect(agreed).not.toContain('id="cookie-notice"');
  });

  test('同意 works without JavaScript: a form post sets the cookie and the next page has no notice', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: portalUrl() });
    const page = await context.newPage();
    await page.goto('/news?page=1');
    const notice = page.getByRole('region', region);
    await expect(notice).toBeVisible();
    // Closing needs a script: no button that does nothing.
    await expect(notice.getByRole('button', { name: '关闭提示' })).toBeHidden();
    await Promise.all([
      page.waitForURL((url) => url.pathname.startsWith('/news')),
      notice.getByRole('button', { name: '同意' }).click(),
    ]);
    await page.waitForLoadState('load');
    const cookie = (await context.cookies()).find((c) => c.name === 'cookie-agree');
    expect(cookie).toMatchObject({ value: 'true', path: '/', sameSite: 'Lax' });
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
    await expect(page.getByRole('region', region)).toHaveCount(0);
    await page.goto('/product/1');
    await expect(page.getByRole('region', region)).toHaveCount(0);
    await context.close();
  });

  test('同意 with JavaScript closes it after the exit, with no page load and no framework fetched', async ({
    browser,
  }) => {
    // A phone: no sign-in on the page. The framework's chunks are held back for good:
    // whatever else on the page asks for them, the notice must not need them.
    const context = await browser.newContext({ ...phone, baseURL: portalUrl() });
    const page = await context.newPage();
    await holdBack(page, FRAMEWORK);
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    let navigations = 0;
    page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations++);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const notice = page.getByRole('region', region);
    await expect(notice).toBeVisible();
    const loads = navigations;
    const before = fetched.length;

    const agree = notice.getByRole('button', { name: '同意' });
    await agree.tap();
    const clicked = Date.now();
    await expect(notice).toHaveAttribute('data-state', 'leaving');
    expect((await context.cookies()).find((c) => c.name === 'cookie-agree')).toMatchObject({
      value: 'true',
      path: '/',
      sameSite: 'Lax',
    });
    await expect(notice).toHaveCount(0);
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(200);
    // The floating controls go back down: the notice's height is withdrawn.
    expect(
      await page.evaluate(() => document.documentElement.style.getPropertyValue('--portal-cookie-notice-height')),
    ).toBe('');
    expect(navigations).toBe(loads);
    expect(fetched.filter((path) => path.startsWith('/cookie-agree'))).toEqual([]);
    // Nothing of the framework was asked for because of the notice: not its chunk ever, nothing at all after the tap.
    expect(fetched.filter((path) => /chunks\/cookie-notice-/.test(path))).toEqual([]);
    expect(fetched.slice(before).filter((path) => FRAMEWORK.test(path))).toEqual([]);
    await context.close();
  });

  test('close hides it for this page with no framework, and by keyboard', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto('/topic/battery');
    const notice = page.getByRole('region', region);
    await notice.getByRole('button', { name: '关闭提示' }).focus();
    await page.keyboard.press('Enter');
    await expect(notice).toHaveCount(0);
    expect((await page.context().cookies()).some((c) => c.name === 'cookie-agree')).toBe(false);
    expect(fetched.filter((path) => /chunks\/cookie-notice-/.test(path))).toEqual([]);
  });

  test('an agreed visitor’s next page shows no notice, not even at the first paint', async ({ page, context }) => {
    await page.addInitScript(watchFrames);
    await page.goto('/');
    await page.getByRole('region', region).getByRole('button', { name: '同意' }).click();
    await expect(page.getByRole('region', region)).toHaveCount(0);
    for (const path of ['/product/1', '/news']) {
      await page.goto(path);
      await page.waitForLoadState('load');
      await page.waitForTimeout(200);
      const frames = await framesShown(page);
      expect(frames.length, path).toBeGreaterThan(0);
      expect(frames.some(Boolean), `${path}: a frame showed the notice`).toBe(false);
    }
    // A copy of the page drawn for someone else (a cache that ignored Vary: Cookie): the head's mark hides it before the first paint.
    await page.route('**/about', async (route) => {
      const response = await route.fetch({ headers: { ...route.request().headers(), cookie: '' } });
      const body = await response.text();
      expect(body).toContain('<div id="cookie-notice">');
      await route.fulfill({ response, body });
    });
    await page.goto('/about');
    await page.waitForLoadState('load');
    await page.waitForTimeout(200);
    const frames = await framesShown(page);
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.some(Boolean), 'a frame showed the notice').toBe(false);
    expect(await context.cookies()).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'cookie-agree' })]),
    );
  });

  test('a page shown again by Back after agreeing on another has no notice either', async ({ page, context }) => {
    await page.goto('/about');
    await expect(page.getByRole('region', region)).toBeVisible();
    await page.goto('/news');
    await page.getByRole('region', region).getByRole('button', { name: '同意' }).click();
    await expect(page.getByRole('region', region)).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('region', region)).toHaveCount(0);

    // From the back/forward cache (which Playwright's Chromium leaves off) a page comes back as it was
    // left, scripts not run again: its notice goes when it is shown again after an agreement elsewhere.
    await context.clearCookies();
    await page.goto('/about');
    await expect(page.getByRole('region', region)).toBeVisible();
    await context.addCookies([{ name: 'cookie-agree', value: 'true', url: portalUrl() }]);
    await page.evaluate(() => dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    await expect(page.getByRole('region', region)).toHaveCount(0);
  });

  for (const [name, options] of [
    ['phone', phone],
    ['desktop', { viewport: { width: 1440, height: 900 } }],
  ] as const)
    test(`${name}: nothing moves when the scripts arrive, with the notice shown (CLS 0)`, async ({ browser }) => {
      const context = await browser.newContext({ ...options, baseURL: portalUrl() });
      const page = await context.newPage();
      await page.addInitScript(watchFrames);
      const portal = await holdBack(page, '**/widgets/portal.js');
      const chat = await holdBack(page, '**/widgets/chat.js');
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      await portal.asked;
      const positions = () =>
        page.evaluate(() => {
          const box = (host: string, part: string) => {
            const rect = document.querySelector(host)?.shadowRoot?.querySelector(part)?.getBoundingClientRect();
            return rect && [rect.x, rect.y, rect.width, rect.height].map(Math.round);
          };
          return {
            launcher: box('portal-chat-launcher', 'button'),
            top: box('portal-float-buttons', 'button'),
            notice: box('#cookie-notice', 'section'),
          };
        });
      // Before any script of ours but the page's inline ones: the notice and the floating controls where they stay.
      await expect(page.getByRole('region', region)).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      const before = await positions();
      expect(before.launcher).toBeTruthy();
      expect(before.top).toBeTruthy();
      const noticeTop = before.notice?.[1] ?? 0;
      // Above the notice, not under it.
      expect((before.launcher?.[1] ?? 0) + (before.launcher?.[3] ?? 0)).toBeLessThanOrEqual(noticeTop);
      portal.release();
      chat.release();
      await page.waitForLoadState('load');
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      expect(await positions()).toEqual(before);
      // On a desktop the sign-in's spinner gives way to 登录 in the same box.
      expect(await layoutShift(page, 'all')).toBe(0);
      await context.close();
    });
});
