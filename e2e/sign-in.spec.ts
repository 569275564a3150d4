import { expect, portalUrl, test } from './fixtures';

const DEMO_PASSWORD = 'Demo@2026';
const ACCOUNTS = [
  { username: 'demo', potalStatus: true, companyId: 1001 },
  { username: 'uncertified', potalStatus: false, companyId: 1002 },
  { username: 'noadmin', potalStatus: true, companyId: 1003 },
  { username: 'newterms', potalStatus: true, companyId: 1004 },
];

const authUrl = (redirectUri: string, state = 'e2e-state') =>
  `/api/guc/protocol/oauth2/auth?${new URLSearchParams({ appId: '9090', redirectUri, page_type: 'c', state })}`;

test.describe('the account service sign-in form', () => {
  // The form's own answer, as a browser without scripts gets it: the page's script
  // asks for it as JSON and replaces the page with its address (phone-account.spec.ts).
  test.describe('posted by the browser', () => {
    test.use({ javaScriptEnabled: false });
    for (const account of ACCOUNTS) {
      test(`signs in ${account.username} and sends a code back`, async ({ page, problems }) => {
        const back = `${portalUrl()}/home`;
        await page.goto(authUrl(back));
        await expect(page.getByRole('heading', { name: '登录智造云' })).toBeVisible();
        await page.getByLabel('账号', { exact: true }).fill(account.username);
        await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
        // The answer of the form itself: the page it lands on may clean its address.
        const [answer] = await Promise.all([
          page.waitForResponse((res) => res.request().method() === 'POST' && res.url().includes('/oauth2/auth')),
          page.getByRole('button', { name: '登录' }).click(),
        ]);
        expect(answer.status()).toBe(303);
        const landed = new URL(answer.headers().location ?? '');
        expect(`${landed.origin}${landed.pathname}`).toBe(back);
        expect(landed.searchParams.get('state')).toBe('e2e-state');
        const code = landed.searchParams.get('code') ?? '';

        const exchange = await page.request.get(
          `/api/guc/protocol/oauth2/token/by-code?${new URLSearchParams({ code, appId: '9090', redirectUri: back })}`,
        );
        const { result: tokens } = await exchange.json();
        const info = await page.request.get('/api/guc/customer/current/customer-info', {
          headers: { Authorization: `Bearer ${tokens.accessToken}` },
        });
        expect((await info.json()).result).toMatchObject({
          userName: account.username,
          potalStatus: account.potalStatus,
          companyId: account.companyId,
        });
        expect(problems.errors).toEqual([]);
      });
    }
  });

  test('shows a wrong password in Chinese and keeps the account name', async ({ page }) => {
    await page.goto(authUrl(`${portalUrl()}/home`));
    await page.getByLabel('账号', { exact: true }).fill('demo');
    await page.getByLabel('密码', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByRole('alert')).toHaveText('账号或密码错误');
    await expect(page.getByLabel('账号', { exact: true })).toHaveValue('demo');
  });

  test('refuses to show the form for an unregistered return address', async ({ page }) => {
    const res = await page.goto(authUrl('https://evil.example/collect'));
    expect(res?.status()).toBe(400);
    await expect(page.getByRole('alert')).toContainText('回跳地址');
    await expect(page.getByLabel('密码', { exact: true })).toHaveCount(0);
  });
});
