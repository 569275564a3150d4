import cors from 'cors';
import { Router } from 'express';
import { apiErrors } from '../envelope';
import type { SignInThrottle } from '../http/throttle';
import type { AppRegistry } from './apps';
import { hubPage, hubRegistration } from './hub-routes';
import { signInRoutes } from './sign-in-routes';
import type { AccountStore } from './store';
import { signOutRoute, tokenRoutes } from './token-routes';
import { userRoutes } from './user-routes';

export interface AccountServiceOptions {
  store: AccountStore;
  apps: AppRegistry;
  /** Show the demo accounts on the sign-in page (SHOW_DEMO_ACCOUNTS). */
  showDemoAccounts: boolean;
  /** Signs the sign-in form's CSRF tokens (from the session secret). */
  formKey: Buffer;
  /** Slows password guessing, never locking anyone out (backend/http/throttle.ts). */
  signIns: SignInThrottle;
  /** Signs the cookies of browsers an account signed in on (trusted devices). */
  deviceKey: Buffer;
}

/**
 * The central account service (SPEC §7, "Account service calls" and "Redirects"),
 * as the embedded back-end runs it in `local`: its endpoint groups in the order
 * they are matched, each in a file of its own.
 */
export function accountService(options: AccountServiceOptions): Router {
  const { apps } = options;
  const router = Router();
  // Every answer here is a token, a person's data or a form with its own token: no cache may keep one.
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Answered to any origin: before the CORS of registered origins.
  router.use(hubRegistration(apps));
  // Pages of registered origins (the console) call the service from the browser.
  router.use(
    cors({
      origin: (origin, done) => done(null, !!origin && apps.knows(origin)),
      allowedHeaders: ['Authorization', 'Content-Type'],
      methods: ['GET'],
      maxAge: 600,
    }),
  );
  router.use(signInRoutes(options));
  router.use(tokenRoutes(options.store));
  router.use(userRoutes(options.store, apps));
  router.use(hubPage(apps));
  router.use(signOutRoute(options.store, apps));
  router.use(apiErrors);
  return router;
}
