import { DEMO_PASSWORD } from '../../backend/accounts/demo-accounts';
import { request } from './server';

/** Signs a demo user in through the real form and code exchange; returns the access token. */
export async function accessTokenFor(port: number, origin: string, username: string): Promise<string> {
  const redirectUri = `${origin}/home`;
  const form = new URLSearchParams({ username, password: DEMO_PASSWORD, appId: '9090', redirectUri }).toString();
  const signIn = await request(port, '/api/guc/protocol/oauth2/auth', {
    method: 'POST',
    body: form,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  const code = new URL(String(signIn.headers.location)).searchParams.get('code') ?? '';
  const query = new URLSearchParams({ code, appId: '9090', redirectUri }).toString();
  const exchange = await request(port, `/api/guc/protocol/oauth2/token/by-code?${query}`);
  return JSON.parse(exchange.body).result.accessToken;
}
