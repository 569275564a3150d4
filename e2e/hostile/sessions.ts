import { DEMO_PASSWORD } from '../accounts';
import { type RawAnswer, type RawRequest, rawRequest } from './raw-http';

/**
 * Signing in over plain HTTP as a browser does (the form first, for its CSRF
 * token and cookie; the post from the service's own origin), for suites that
 * speak to the server byte by byte.
 */

/** How many requests `send` made, for the suites' reports. */
export const traffic = { requests: 0 };

/** A request to `origin` with the given headers, and its Host unless they name another. */
export function send(origin: string, request: Omit<RawRequest, 'headers'> & { headers?: Array<[string, string]> }) {
  const url = new URL(origin);
  const headers = request.headers ?? [];
  const host: Array<[string, string]> = headers.some(([name]) => name.toLowerCase() === 'host')
    ? []
    : [['Host', url.host]];
  traffic.requests++;
  return rawRequest(Number(url.port), { ...request, headers: [...host, ...headers] });
}

/** `name=value` of the cookie the answer sets, or ''. */
export function cookieFrom(answer: RawAnswer, name: string): string {
  for (const line of (answer.headers['set-cookie'] ?? '').split('\n')) {
    const pair = line.split(';', 1)[0] ?? '';
    if (pair.startsWith(`${name}=`)) return pair;
  }
  return '';
}

const FORM = 'application/x-www-form-urlencoded';
const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

/** The sign-in form for these fields: its token and cookie (empty when the service refused to show it). */
export async function signInForm(portal: string, fields: Record<string, string>) {
  const form = await send(portal, {
    method: 'GET',
    target: `/api/guc/protocol/oauth2/auth?${new URLSearchParams(fields)}`,
  });
  return { status: form.status, csrf: csrfOf(form.body), cookie: cookieFrom(form, 'guc_sign_in') };
}

/** Posts the sign-in form as `username` and answers the service's answer (a redirect with a code, when it works). */
export async function postSignIn(portal: string, fields: Record<string, string>, username = 'demo') {
  const { csrf, cookie } = await signInForm(portal, fields);
  return send(portal, {
    method: 'POST',
    target: '/api/guc/protocol/oauth2/auth',
    headers: [
      ['Origin', portal],
      ['Cookie', cookie],
      ['Content-Type', FORM],
    ],
    body: new URLSearchParams({ ...fields, username, password: DEMO_PASSWORD, csrf }).toString(),
  });
}

/** An access token of the portal's app (9090) for `username`. */
export async function accessToken(portal: string, username: string): Promise<string> {
  const redirectUri = `${portal}/home`;
  const signIn = await postSignIn(portal, { appId: '9090', redirectUri }, username);
  const code = new URL(signIn.headers.location ?? '', portal).searchParams.get('code') ?? '';
  const exchange = await send(portal, {
    method: 'GET',
    target: `/api/guc/protocol/oauth2/token/by-code?${new URLSearchParams({ code, appId: '9090', redirectUri })}`,
  });
  const token = JSON.parse(exchange.body).result?.accessToken;
  if (typeof token !== 'string') throw new Error(`no token for ${username}: ${exchange.status} ${exchange.body}`);
  return token;
}

/** The agent inbox's sign-in cookie. */
export async function agentCookie(portal: string, password: string): Promise<string> {
  const answer = await send(portal, {
    method: 'POST',
    target: '/chat/agent/login',
    headers: [
      ['Origin', portal],
      ['Content-Type', FORM],
    ],
    body: new URLSearchParams({ password }).toString(),
  });
  const cookie = answer.headers['set-cookie']?.split(';', 1)[0];
  if (!cookie) throw new Error(`the agent inbox refused the sign-in: ${answer.status}`);
  return cookie;
}

/** A console form's token and cookie, for the console session `sessionCookie`, on `path`. */
export async function consoleForm(consoleOrigin: string, sessionCookie: string, path: string) {
  const page = await send(consoleOrigin, { method: 'GET', target: path, headers: [['Cookie', sessionCookie]] });
  const csrf = csrfOf(page.body);
  if (!csrf) throw new Error(`no console form at ${path}: ${page.status}`);
  return { csrf, cookie: cookieFrom(page, 'console_form') };
}

/**
 * A studio administrator's sign-in and a form token for it: signed in through the
 * studio's own form, as a browser would.
 */
export async function studioSession(portal: string, login: string, password: string) {
  const form = await send(portal, { method: 'GET', target: '/studio/login' });
  const formCookie = cookieFrom(form, 'portal_staff_form');
  const signedIn = await send(portal, {
    method: 'POST',
    target: '/studio/login',
    headers: [
      ['Origin', portal],
      ['Content-Type', FORM],
      ['Cookie', formCookie],
    ],
    body: new URLSearchParams({ csrf: csrfOf(form.body) ?? '', login, password }).toString(),
  });
  const cookie = cookieFrom(signedIn, 'portal_staff');
  if (!cookie) throw new Error(`the studio refused the sign-in: ${signedIn.status}`);
  // Forms shown to the signed-in administrator carry a token bound to that sign-in.
  const page = await send(portal, { method: 'GET', target: '/studio/staff', headers: [['Cookie', cookie]] });
  const csrf = csrfOf(page.body);
  if (!csrf) throw new Error(`no studio form: ${page.status}`);
  return { cookie, formCookie: cookieFrom(page, 'portal_staff_form'), csrf };
}
