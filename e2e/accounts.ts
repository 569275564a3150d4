import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { type PortalProcess, startPortalProcess } from './portal-process';

/** Every demo account's password (README, "The embedded back-end"). */
export const DEMO_PASSWORD = 'Demo@2026';

/**
 * For flows that change accounts for good (orders, agreements, administrators):
 * a portal of their own, one per worker, instead of the shared one.
 */
export const testWithOwnPortal = base.extend<object, { portal: PortalProcess }>({
  portal: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => {
      const portal = await startPortalProcess();
      await use(portal);
      await portal.stop();
    },
    { scope: 'worker' },
  ],
});

/** Fills in the account service's sign-in form as `username` and sends it; `timeout` for the form to show. */
export async function fillSignInForm(page: Page, username: string, timeout?: number) {
  await expect(page.getByRole('heading', { name: '登录智造云' })).toBeVisible({ timeout });
  await page.getByLabel('账号', { exact: true }).fill(username);
  await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
}

/** A browser's sign-in as the portal keeps it (`portal.guc.tokens`). */
export interface Tokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
}

/**
 * `username`'s tokens, through the account service's sign-in form (opened first
 * for its CSRF token and cookie, posted from its own origin, as a browser does)
 * and the code exchange, without a page. `origin`: the portal's public origin,
 * for an instance behind a proxy reached directly.
 */
export async function tokensOf(
  request: APIRequestContext,
  portalUrl: string,
  username: string,
  origin = portalUrl,
): Promise<Tokens> {
  const redirectUri = `${portalUrl}/home`;
  const opening = new URLSearchParams({ appId: '9090', redirectUri });
  const form = await (await request.get(`${portalUrl}/api/guc/protocol/oauth2/auth?${opening}`)).text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(form)?.[1] ?? '';
  const signIn = await request.post(`${portalUrl}/api/guc/protocol/oauth2/auth`, {
    form: { username, password: DEMO_PASSWORD, appId: '9090', redirectUri, csrf },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  const code = new URL(signIn.headers().location ?? '').searchParams.get('code') ?? '';
  const exchange = await request.get(
    `${portalUrl}/api/guc/protocol/oauth2/token/by-code?${new URLSearchParams({ code, appId: '9090', redirectUri })}`,
  );
  const { accessToken, refreshToken, expiresIn } = (await exchange.json()).result;
  return { accessToken, refreshToken, expiresAt: Date.now() + expiresIn * 1000 };
}

/** `username`'s access token (see `tokensOf`). */
export async function accessTokenOf(
  request: APIRequestContext,
  portalUrl: string,
  username: string,
  origin = portalUrl,
): Promise<string> {
  return (await tokensOf(request, portalUrl, username, origin)).accessToken;
}
