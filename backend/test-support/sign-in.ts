import { request } from '../../test-support/http';
import { DEMO_PASSWORD } from '../accounts/demo-accounts';

/**
 * Posts the account service's sign-in form as a browser does: the form is
 * opened first (its CSRF token and cookie), then posted from the service's own
 * origin. `fields` are the posted fields; the form is opened with the same app,
 * return address, state and challenge.
 */
export async function postSignInForm(port: number, fields: Record<string, string>) {
  return (await openSignInForm(port, fields))();
}

/**
 * Opens the sign-in form for these fields; the answer posts it, from `origin`
 * (the service's own address unless a test says another, say a public one),
 * with any further `headers` (the page's own script asks for JSON).
 */
export async function openSignInForm(
  port: number,
  fields: Record<string, string>,
  origin = `http://127.0.0.1:${port}`,
  headers: Record<string, string> = {},
) {
  const opening = new URLSearchParams(
    Object.entries(fields).filter(([name]) =>
      ['appId', 'redirectUri', 'page_type', 'state', 'code_challenge', 'code_challenge_method'].includes(name),
    ),
  );
  const form = await request(port, `/api/guc/protocol/oauth2/auth?${opening}`);
  const csrf = /name="csrf" value="([^"]+)"/.exec(form.body)?.[1] ?? '';
  const cookie = [form.headers['set-cookie'] ?? []]
    .flat()
    .map((value) => value.split(';')[0])
    .join('; ');
  return () =>
    request(port, '/api/guc/protocol/oauth2/auth', {
      method: 'POST',
      body: new URLSearchParams({ ...fields, csrf }).toString(),
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: origin,
        ...(cookie ? { Cookie: cookie } : {}),
        ...headers,
      },
    });
}

/** Signs a demo user in through the real form and code exchange; returns the access token. */
export async function accessTokenFor(port: number, origin: string, username: string): Promise<string> {
  const redirectUri = `${origin}/home`;
  const signIn = await postSignInForm(port, { username, password: DEMO_PASSWORD, appId: '9090', redirectUri });
  const code = new URL(String(signIn.headers.location)).searchParams.get('code') ?? '';
  const query = new URLSearchParams({ code, appId: '9090', redirectUri }).toString();
  const exchange = await request(port, `/api/guc/protocol/oauth2/token/by-code?${query}`);
  return JSON.parse(exchange.body).result.accessToken;
}
