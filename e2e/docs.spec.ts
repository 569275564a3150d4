import { expect, portalUrl, test } from './fixtures';

/** The script tag the docs give to copy, read from the page as text. */
async function copiedSnippet(page: import('@playwright/test').Page, tag: string): Promise<string> {
  await page.goto(`/docs/${tag}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`<${tag}>`);
  const snippet = (await page.locator('pre code').first().textContent()) ?? '';
  expect(snippet).toMatch(/<script src="[^"]+\/widgets\/v\/[\w.-]+\/portal\.js"\s+integrity="sha384-[\w+/=]+"/);
  return snippet;
}

test('every element has a docs page with its reference, listed on /docs', async ({ page, problems }) => {
  const manifest = await (await page.request.get('/widgets/custom-elements.json')).json();
  const tags: string[] = manifest.modules.map(
    (m: { declarations: { tagName: string }[] }) => m.declarations[0]?.tagName,
  );
  await page.goto('/docs');
  for (const tag of tags) await expect(page.getByRole('link', { name: `<${tag}>` })).toBeVisible();
  await page.getByRole('link', { name: '<portal-login>' }).click();
  await expect(page.getByRole('cell', { name: 'portal-login-signed-in' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'logout-button' })).toBeVisible();
  // Methods and read-only properties, with their signatures.
  await page.goto('/docs/portal-chat-launcher');
  await expect(page.getByRole('cell', { name: 'sendCard(card)' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'unreadCount', exact: true })).toBeVisible();
  expect((await page.request.get('/docs/portal-nothing')).status()).toBe(404);
  expect(problems.errors).toEqual([]);
});

test('the copied snippet loads the pinned release on another origin, and its integrity hash is checked', async ({
  page,
  problems,
}) => {
  const snippet = await copiedSnippet(page, 'portal-cookie-notice');
  const src = /src="([^"]+)"/.exec(snippet)?.[1] ?? '';
  const integrity = /integrity="([^"]+)"/.exec(snippet)?.[1] ?? '';
  expect((await page.request.get(src)).headers()['cache-control']).toContain('immutable');

  // The partner demo's /pinned page carries the same tag (its portal address is ours).
  const pinned = `${process.env.DEMO_PARTNER_URL}/pinned`;
  await page.goto(pinned);
  const script = page.locator('script[integrity]');
  await expect(script).toHaveAttribute('integrity', integrity);
  expect(new URL((await script.getAttribute('src')) ?? '').pathname).toBe(new URL(src).pathname);
  await expect(page.getByRole('region', { name: 'Cookie 使用提示' })).toBeVisible();
  expect(problems.errors).toEqual([]);

  // Other bytes at that address, and the browser refuses the script.
  await page.route(`**${new URL(src).pathname}`, async (route) => {
    const original = await route.fetch();
    await route.fulfill({ response: original, body: `${await original.text()}\n// changed` });
  });
  await page.goto(pinned);
  await expect.poll(() => problems.errors.some((error) => /integrity/i.test(error))).toBe(true);
  expect(await page.evaluate(() => customElements.get('portal-cookie-notice'))).toBeUndefined();
});

test('another release is not served under the versioned address', async ({ request }) => {
  expect((await request.get(`${portalUrl()}/widgets/v/0.0.0-000000000000/portal.js`)).status()).toBe(404);
});
