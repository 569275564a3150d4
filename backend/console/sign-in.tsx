import { randomBytes } from 'node:crypto';
import { type NextFunction, type Request, type Response, Router } from 'express';
import { returnAddress } from '../../contract/return-address';
import { PORTAL_APP_ID } from '../accounts/apps';
import {
  ConsoleRefusal,
  type ConsoleSite,
  cookieOptions,
  SESSION_COOKIE,
  SHARE_COOKIE,
  STATE_COOKIE,
} from './console-site';
import { signedOutBody } from './pages';

/** Lets a signed-in user through (`res.locals.user`); anyone else goes to the account service's sign-in. */
export function signedInOnly({ backend, originOf, accountServer }: ConsoleSite) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const token = req.cookies?.[SESSION_COOKIE];
    const user = typeof token === 'string' ? await backend.accounts.userByAccessToken(token, PORTAL_APP_ID) : undefined;
    if (user) {
      res.locals.user = user;
      return next();
    }
    const origin = originOf(req);
    if (!origin) throw new ConsoleRefusal(400, '无法访问', '请通过已登记的地址访问控制台。');
    const state = randomBytes(16).toString('base64url');
    res.cookie(STATE_COOKIE, JSON.stringify({ state, next: req.originalUrl }), {
      ...cookieOptions,
      secure: req.secure,
      maxAge: 10 * 60 * 1000,
    });
    const auth = new URL('/api/guc/protocol/oauth2/auth', accountServer(origin));
    auth.search = new URLSearchParams({
      appId: PORTAL_APP_ID,
      redirectUri: `${origin}/auth/callback`,
      page_type: 'c',
      state,
    }).toString();
    res.redirect(303, auth.href);
  };
}

/** Signing in through the account service (its code comes back here) and signing out. */
export function signInRoutes({ backend, originOf, accountServer, hubOf, page }: ConsoleSite): Router {
  const router = Router();
  router.get('/auth/callback', async (req, res) => {
    const origin = originOf(req);
    let pending: { state?: string; next?: string } = {};
    try {
      pending = JSON.parse(String(req.cookies?.[STATE_COOKIE] ?? '{}'));
    } catch {}
    const code = typeof req.query.code === 'string' ? req.query.code : '';
    const grant =
      origin && pending.state && pending.state === req.query.state
        ? await backend.accounts.redeemCode(code, PORTAL_APP_ID, `${origin}/auth/callback`)
        : undefined;
    res.clearCookie(STATE_COOKIE, cookieOptions);
    if (grant === undefined) throw new ConsoleRefusal(400, '登录失败', '登录码无效或已过期，请重新登录。');
    // A code of the sign-in the portal already has continues it; a new sign-in is shared with the portal.
    const { accessToken } = await backend.accounts.createSession(grant.userId, PORTAL_APP_ID, grant.family);
    res.cookie(SESSION_COOKIE, accessToken, { ...cookieOptions, secure: req.secure, maxAge: 2 * 60 * 60 * 1000 });
    if (grant.family === undefined)
      res.cookie(SHARE_COOKIE, '1', { ...cookieOptions, secure: req.secure, maxAge: 10 * 60 * 1000 });
    // The page asked for before sign-in, if it is one of this console's own (not `/\\evil.com`).
    const next = returnAddress(pending.next, { origins: [], base: origin });
    res.redirect(303, next ? next.pathname + next.search : '/welcome');
  });

  router.get('/', (_req, res) => res.redirect(303, '/welcome'));

  // Signing out here ends the sign-in the portal shares (its whole family) and
  // clears the hub, so the portal's open pages sign out too. Only this console's
  // own pages may ask (Origin).
  router.post('/logout', async (req, res) => {
    const origin = originOf(req);
    if (!origin || req.get('Origin') !== origin)
      throw new ConsoleRefusal(403, '无法退出', '请在控制台页面上退出登录。');
    const token = req.cookies?.[SESSION_COOKIE];
    if (typeof token === 'string') await backend.accounts.revokeSignIn(token);
    res.clearCookie(SESSION_COOKIE, cookieOptions);
    res.clearCookie(SHARE_COOKIE, cookieOptions);
    const hub = hubOf(req);
    return page(res, '已退出登录', signedOutBody(accountServer(origin)), 200, {
      hub: hub ? { url: hub, command: { type: 'clear' } } : undefined,
    });
  });
  return router;
}
