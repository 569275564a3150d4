import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, portalUrl, test } from './fixtures';

/** A page on another origin that we do not control, with a strict CSP of its own. */
let partner: Server;
let partnerUrl: string;

test.beforeAll(async () => {
  const portal = portalUrl();
  partner = createServer((_req, res) => {
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': `default-src 'self'; script-src ${portal}; connect-src ${portal}; img-src ${portal}`,
    });
    const chrome = _req.url?.startsWith('/chrome')
      ? '<portal-header lang="zh-CN" no-login></portal-header><portal-footer lang="zh-CN"></portal-footer>'
      : '';
    res.end(`<!doctype html><html lang="en"><head><title>Partner</title>
      <script src="${portal}/widgets/portal.js" async></script>
      <script src="${portal}/widgets/portal.js" async></script></head>
      <body>${chrome}<h1>Partner site</h1><portal-cookie-notice></portal-cookie-notice></body></html>`);
  });
  await new Promise<void>((resolve) => partner.listen(0, 'localhost', resolve));
  // The portal runs on 127.0.0.1; "localhost" is another origin.
  partnerUrl = `http://localhost:${(partner.address() as AddressInfo).port}/`;
});
test.afterAll(() => partner.close());

test('a partner page needs only the script tag, and the widget talks to the portal origin', async ({
  page,
  problems,
}) => {
  const portal = portalUrl();
  await page.goto(partnerUrl);
  const notice = page.getByRole('region', { name: 'Cookie notice' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', `${portal}/help?id=49`);
  // Loaded twice, defined once, and the script leaks no globals into the page.
  expect(await page.evaluate(() => Object.keys(window).filter((key) => /portal/i.test(key)))).toEqual([]);
  expect(problems.errors).toEqual([]);
});

test('the header and footer work dropped alone into a partner page, with the portal data', async ({
  page,
  problems,
}) => {
  const portal = portalUrl();
  await page.goto(`${partnerUrl}chrome`);
  const header = page.locator('portal-header');
  // The common data comes from the portal (one request), and links lead there.
  await expect(header.getByRole('link', { name: '创新实训', exact: true })).toHaveAttribute(
    'href',
    new RegExp(`^${portal}/innovation-practice/\\d+/[12]$`),
  );
  await expect(header.getByRole('link', { name: '产品中心', exact: true })).toHaveAttribute(
    'href',
    `${portal}/product`,
  );
  // This partner is not registered with the account service: no sign-in widget.
  await expect(header.locator('portal-login')).toHaveCount(0);
  const footer = page.locator('portal-footer');
  await expect(footer.locator('a[rel="nofollow noopener"]').first()).toBeAttached();
  await expect(footer.getByRole('link', { name: '隐私政策' })).toHaveAttribute('href', `${portal}/help?id=49`);
  expect(problems.errors).toEqual([]);
});
