import { axeViolations, expect, settled, test } from './fixtures';

/**
 * What a crawler and a printer get, in a real browser: JSON-LD under the page's
 * CSP, the feed, the print sheet, the share cards.
 */

const CHROME = [
  'portal-header',
  'portal-footer',
  'portal-float-buttons',
  'portal-chat-launcher',
  // The portal's pages draw the cookie notice themselves (host/pages/cookie-notice.tsx).
  '#cookie-notice',
];

for (const path of ['/news/12', '/product/1']) {
  test(`${path}: its JSON-LD parses and the CSP lets it be, and axe finds nothing`, async ({ page, problems }) => {
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as { reportViolation(text: string): void }).reportViolation(
          `${event.violatedDirective} ${event.blockedURI}`,
        ),
      ),
    );
    await page.goto(path);
    await settled(page);
    const types = await page.evaluate(() =>
      [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (script) => JSON.parse(script.textContent ?? '')['@type'] as string,
      ),
    );
    expect(types).toContain('BreadcrumbList');
    expect(types).toContain(path.startsWith('/news') ? 'NewsArticle' : 'Product');
    expect(violations).toEqual([]);
    expect(problems.errors).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });

  test(`${path} prints its content only, black on white, links with their addresses`, async ({ page }) => {
    await page.goto(path);
    await settled(page);
    // Seed articles have no links: one is added to the body, as content may have.
    await page.evaluate(() => {
      const link = Object.assign(document.createElement('a'), {
        href: 'https://www.miit.gov.cn/',
        textContent: '工信部',
      });
      document.querySelector('.rich-text')?.append(link);
    });
    await page.emulateMedia({ media: 'print' });
    for (const tag of CHROME) await expect(page.locator(tag)).toBeHidden();
    await expect(page.locator('h1')).toBeVisible();
    const look = await page.evaluate(() => ({
      text: getComputedStyle(document.querySelector('h1') as Element).color,
      body: getComputedStyle(document.body).backgroundColor,
      after: getComputedStyle(document.querySelector('.rich-text a') as Element, '::after').content,
    }));
    expect(look.text).toBe('rgb(0, 0, 0)');
    expect(['rgb(255, 255, 255)', 'rgba(0, 0, 0, 0)']).toContain(look.body);
    expect(look.after).toContain('https://www.miit.gov.cn/');
    await page.emulateMedia({ media: 'screen' });
    await expect(page.locator('portal-header')).toBeVisible();
  });
}

test('the news feed is well-formed XML to the browser', async ({ page, request }) => {
  const feed = await request.get('/feed.xml');
  expect(feed.headers()['content-type']).toMatch(/^application\/rss\+xml/);
  await page.goto('/');
  const result = await page.evaluate(
    (xml) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      return {
        error: doc.querySelector('parsererror')?.textContent ?? null,
        items: doc.querySelectorAll('item').length,
      };
    },
    await feed.text(),
  );
  expect(result).toEqual({ error: null, items: 20 });
});

test("share cards decode in the browser at 1200×630, each item's its own, the logo on each", async ({ page }) => {
  const images: string[] = [];
  for (const path of ['/news/12', '/product/1', '/']) {
    await page.goto(path);
    images.push((await page.locator('meta[property="og:image"]').getAttribute('content')) ?? '');
  }
  const cards = await page.evaluate(
    (urls) =>
      Promise.all(
        urls.map(async (url) => {
          const image = new Image();
          image.src = url;
          await image.decode();
          const canvas = Object.assign(document.createElement('canvas'), { width: 1200, height: 630 });
          const context = canvas.getContext('2d') as CanvasRenderingContext2D;
          context.drawImage(image, 0, 0);
          const { data } = context.getImageData(0, 0, 1200, 630);
          const pixel = (x: number, y: number) => [...data.subarray((y * 1200 + x) * 4, (y * 1200 + x) * 4 + 3)];
          const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
          return {
            size: [image.naturalWidth, image.naturalHeight],
            digest: [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join(''),
            // An item card's logo, top left: its white plate, and the mark's blue square inside it.
            plate: pixel(62, 104),
            mark: pixel(78, 104),
          };
        }),
      ),
    images,
  );
  for (const card of cards) expect(card.size).toEqual([1200, 630]);
  expect(new Set(cards.map((card) => card.digest)).size).toBe(cards.length);
  for (const card of cards.slice(0, 2)) {
    expect(card.plate).toEqual([255, 255, 255]);
    expect(card.mark).toEqual([0x16, 0x64, 0xff]);
  }
});
