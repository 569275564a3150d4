import { Router } from 'express';
import { ApiFailure, ok, parse, unauthorized } from '../envelope';
import type { AppRegistry } from './apps';
import * as schemas from './schemas';
import type { AccountStore } from './store';
import { bearerUser } from './user-routes';

/** A sign-in code exchanged for tokens, tokens refreshed, a token verified. */
export function tokenRoutes(store: AccountStore): Router {
  const router = Router();
  const userOf = bearerUser(store);

  router.get('/protocol/oauth2/token/by-code', async (req, res) => {
    const { code, appId, redirectUri, code_verifier } = parse(schemas.byCodeQuery, req.query);
    const grant = await store.redeemCode(code, appId, redirectUri, code_verifier);
    if (grant === undefined) throw new ApiFailure(400, 'E4001', '登录码无效、已使用或已过期');
    // A code made from an existing sign-in continues it (one sign-out ends both).
    ok(res, await store.createSession(grant.userId, appId, grant.family));
  });

  router.get('/token/refresh', async (req, res) => {
    const { refreshToken } = parse(schemas.refreshQuery, req.query);
    const tokens = await store.refresh(refreshToken);
    if (!tokens) throw unauthorized('刷新令牌无效或已过期');
    ok(res, tokens);
  });

  router.get('/token/verify', async (req, res) => {
    await userOf(req);
    ok(res, true);
  });
  return router;
}

/** Signing out ends the whole sign-in, then returns to a registered address (or the portal's home). */
export function signOutRoute(store: AccountStore, apps: AppRegistry): Router {
  const router = Router();
  router.get('/protocol/oauth2/logout', async (req, res) => {
    const { token, redirectUri } = parse(schemas.logoutQuery, req.query);
    // The whole sign-in: the portal and the console share it (issue #19).
    if (token) await store.revokeSignIn(token);
    const allowed = redirectUri && apps.ids().some((id) => apps.allows(id, redirectUri));
    res.redirect(303, allowed ? redirectUri : '/');
  });
  return router;
}
