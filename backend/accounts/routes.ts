import cookieParser from 'cookie-parser';
import cors from 'cors';
import express, { type Request, type Response, Router } from 'express';
import * as v from 'valibot';
import { errorStatus } from '../../contract/errors';
import { ApiFailure, apiErrors, badRequest, ok, parse, RETRY_AFTER_S, UNAVAILABLE, unauthorized } from '../envelope';
import { formGuard } from '../http/form-guard';
import { ownOrigin } from '../http/own-origin';
import { type Attempt, type SignInThrottle, waitText } from '../http/throttle';
import type { AppRegistry } from './apps';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-accounts';
import { renderAccountError, renderHubPage, renderSignInPage } from './pages';
import { HashingBusy, verifyPassword } from './passwords';
import * as schemas from './schemas';
import type { AccountStore, UserRow } from './store';
import { trustedDevices } from './trusted-device';

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

/** What binds a sign-in form's CSRF token: the app, the return address and the client's state. */
const signInFormKey = (fields: Record<string, unknown>) =>
  [fields.appId, fields.redirectUri, fields.state].map((value) => (typeof value === 'string' ? value : '')).join('|');

const bearer = (req: Request) => /^Bearer ([\w-]{1,200})$/.exec(req.get('Authorization') ?? '')?.[1];

/** What the user info calls answer (SPEC §3). */
async function publicUser(store: AccountStore, user: UserRow) {
  const company = user.company_id === null ? undefined : await store.company(user.company_id);
  return {
    name: user.name,
    userName: user.username,
    headImg: user.head_img,
    mobile: user.mobile,
    companyId: company?.id ?? null,
    companyName: company?.name ?? null,
    potalStatus: company?.certified === 1,
  };
}

/**
 * The central account service (SPEC §7, "Account service calls" and "Redirects"),
 * as the embedded back-end runs it in `local`.
 */
export function accountService(options: AccountServiceOptions): Router {
  const { store, apps } = options;
  const router = Router();
  // Every answer here is a token, a person's data or a form with its own token: no cache may keep one.
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  // Whether the calling page's origin is registered for the app, answered to any
  // origin and with 200 either way: the sign-in element asks before it frames the
  // hub on another origin, which the hub's frame-ancestors would refuse with a CSP
  // error in that page's console.
  router.get('/view/token/hub/registered', (req, res) => {
    const { appId } = parse(schemas.hubQuery, req.query);
    const origin = req.get('Origin');
    res.setHeader('Access-Control-Allow-Origin', '*');
    ok(res, { registered: origin !== undefined && apps.allows(appId, origin) });
  });

  // Pages of registered origins (the console) call the service from the browser.
  router.use(
    cors({
      origin: (origin, done) => done(null, !!origin && apps.knows(origin)),
      allowedHeaders: ['Authorization', 'Content-Type'],
      methods: ['GET'],
      maxAge: 600,
    }),
  );

  const userOf = async (req: Request): Promise<UserRow> => {
    const token = bearer(req);
    const user = token ? await store.userByAccessToken(token, null) : undefined;
    if (!user) throw unauthorized();
    return user;
  };

  const signInForm = formGuard({
    cookieName: 'guc_sign_in',
    secret: options.formKey,
    path: '/api/guc/protocol/oauth2',
    bindTo: signInFormKey,
    // The portal's origin, as the feedback form and the chat take it: PORTAL_PUBLIC_ORIGIN behind a proxy.
    origin: ownOrigin,
    refuse: (_req, res) =>
      void res
        .status(403)
        .type('html')
        .send(renderAccountError(res.locals.cspNonce, '登录表单已失效或来自其他网站，请回到原页面重新登录')),
  });

  const signInPage = (
    req: Request,
    res: Response,
    props: {
      appId: string;
      redirectUri: string;
      pageType?: string;
      state?: string;
      codeChallenge?: string;
      username?: string;
      error?: string;
      existingRefused?: 'ended' | 'elsewhere';
    },
    status = 200,
  ) => {
    // The form's answer redirects to the app's origin: form-action must allow it.
    const csp = String(res.getHeader('Content-Security-Policy') ?? '');
    res.setHeader(
      'Content-Security-Policy',
      csp.replace(/form-action [^;]*/, `form-action 'self' ${apps.origins(props.appId).join(' ')}`),
    );
    res
      .status(status)
      .type('html')
      .send(
        renderSignInPage({
          nonce: res.locals.cspNonce,
          ...props,
          csrf: signInForm.token(req, res, props),
          demoAccounts: options.showDemoAccounts ? DEMO_USERS : undefined,
          demoPassword: options.showDemoAccounts ? DEMO_PASSWORD : undefined,
        }),
      );
  };

  const requireRegistered = (appId: string, redirectUri: string) => {
    if (!apps.has(appId)) throw badRequest('未登记的应用');
    if (!apps.allows(appId, redirectUri)) throw badRequest('回跳地址不在该应用登记的域名内');
  };

  // The sign-in form's CSRF cookie is read with the forms.
  router.use('/protocol/oauth2/auth', cookieParser());

  router.get('/protocol/oauth2/auth', (req, res) => {
    const query = v.safeParse(schemas.authQuery, req.query);
    const problem = !query.success
      ? query.issues[0].message
      : !apps.has(query.output.appId)
        ? '未登记的应用'
        : !apps.allows(query.output.appId, query.output.redirectUri)
          ? '回跳地址不在该应用登记的域名内'
          : undefined;
    if (problem || !query.success) {
      return void res
        .status(400)
        .type('html')
        .send(renderAccountError(res.locals.cspNonce, problem ?? '请求无效'));
    }
    const { appId, redirectUri, page_type, state, code_challenge } = query.output;
    signInPage(req, res, { appId, redirectUri, pageType: page_type, state, codeChallenge: code_challenge });
  });

  /** The form again with a problem, or a plain refusal when the form itself is not readable. */
  const refuseSignIn = (req: Request, res: Response, status: number, error: string) => {
    if (status === 503) res.setHeader('Retry-After', RETRY_AFTER_S);
    // The password form, or the form that sent the sign-in the browser has (no name to keep).
    const form = v.safeParse(schemas.signInForm, req.body);
    const existing = form.success ? undefined : v.safeParse(schemas.existingSignInForm, req.body);
    const fields = form.success ? form.output : existing?.success ? existing.output : undefined;
    if (!fields) return void res.status(status).type('text').send(error);
    const { appId, redirectUri, page_type, state, code_challenge } = fields;
    const username = form.success ? form.output.username : undefined;
    signInPage(
      req,
      res,
      { appId, redirectUri, pageType: page_type, state, codeChallenge: code_challenge, username, error },
      status,
    );
  };
  const { signIns } = options;
  const devices = trustedDevices(options.deviceKey);
  /**
   * Whether this try may go on (after any slowdown of the account); else it is
   * answered 429 with the form, how long to wait and Retry-After. Guessing is
   * never answered by locking the account: its owner must always get in.
   */
  const admitted = async (req: Request, res: Response, attempt: Attempt) => {
    const waitS = await signIns.check(attempt);
    if (waitS === undefined) return true;
    res.setHeader('Retry-After', String(waitS));
    refuseSignIn(req, res, 429, `登录失败次数过多，请 ${waitText(waitS)}后再试`);
    return false;
  };

  /**
   * A sign-in handler whose database is out of reach (the throttle's counts, the
   * account, the code: a lost data folder, a stopped PostgreSQL) answers with the
   * form saying so (503, Retry-After), never the API's envelope.
   */
  const unavailableAsForm =
    (handler: (req: Request, res: Response) => Promise<void>) => async (req: Request, res: Response) => {
      try {
        await handler(req, res);
      } catch (error) {
        if (errorStatus(error) !== 503 || res.headersSent) throw error;
        refuseSignIn(req, res, 503, UNAVAILABLE);
      }
    };

  /**
   * A posted sign-in form (with a password, or the sign-in the browser has),
   * valid and returning to a registered address; else answered 400 with the
   * reason, and undefined.
   */
  const signInPost = <T extends { appId: string; redirectUri: string }>(
    schema: v.GenericSchema<unknown, T>,
    req: Request,
    res: Response,
  ): T | undefined => {
    const refuse = (message: string) =>
      void res.status(400).type('html').send(renderAccountError(res.locals.cspNonce, message));
    const form = v.safeParse(schema, req.body);
    if (!form.success) return refuse(form.issues[0].message);
    try {
      requireRegistered(form.output.appId, form.output.redirectUri);
    } catch (error) {
      return refuse((error as Error).message);
    }
    return form.output;
  };

  /**
   * The sign-in page sent the sign-in this browser already has (issue #19, one
   * sign-in for the portal and the console): a code of that same sign-in (its
   * family), so signing out anywhere ends it everywhere. Guarded like the form.
   */
  const existingSignIn = unavailableAsForm(async (req: Request, res: Response) => {
    const form = signInPost(schemas.existingSignInForm, req, res);
    if (!form) return;
    // A made-up session is a guess too: it counts against the address (no account to name).
    const attempt = { address: req.ip ?? '' };
    if (!(await admitted(req, res, attempt))) return;
    const { session, appId, redirectUri, page_type, state, code_challenge } = form;
    const existing = await store.sessionFamily(session, appId);
    if (!existing) {
      const refused = (await store.userByAccessToken(session, null)) ? 'elsewhere' : 'ended';
      if (refused === 'ended') await signIns.failed(attempt);
      return signInPage(req, res, {
        appId,
        redirectUri,
        pageType: page_type,
        state,
        codeChallenge: code_challenge,
        existingRefused: refused,
      });
    }
    const code = await store.createCode(existing.userId, appId, redirectUri, code_challenge, existing.family);
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    if (state) back.searchParams.set('state', state);
    res.redirect(303, back.href);
  });

  router.post(
    '/protocol/oauth2/auth',
    express.urlencoded({ extended: false, limit: '4kb' }),
    signInForm.check,
    (req, res, next) => (typeof req.body?.session === 'string' ? existingSignIn(req, res) : next()),
    unavailableAsForm(async (req, res) => {
      const form = signInPost(schemas.signInForm, req, res);
      if (!form) return;
      const { appId, redirectUri, state, code_challenge, username, password } = form;
      // The name as the sign-in looks it up (trimmed, any case): padding it is no new account to guess.
      const account = username.toLowerCase();
      const attempt = { address: req.ip ?? '', account, trusted: devices.trusts(req, account) };
      if (!(await admitted(req, res, attempt))) return;
      const user = await store.userByName(username);
      let matches: boolean;
      try {
        // Always hash, so an unknown account answers as slowly as a wrong password.
        matches = await verifyPassword(password, user?.password_hash);
      } catch (error) {
        if (!(error instanceof HashingBusy)) throw error;
        return refuseSignIn(req, res, 503, '登录的人太多，请稍后再试');
      }
      if (!matches || !user) {
        // Only here does a try count: a refusal, a fault or an unreadable form never does.
        await signIns.failed(attempt);
        return refuseSignIn(req, res, 401, '账号或密码错误');
      }
      await signIns.succeeded(attempt);
      const code = await store.createCode(user.id, appId, redirectUri, code_challenge);
      devices.remember(req, res, account);
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      if (state) back.searchParams.set('state', state);
      res.redirect(303, back.href);
    }),
  );

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

  const userInfo = async (req: Request, res: Response) => ok(res, await publicUser(store, await userOf(req)));
  router.get('/customer/current/customer-info', userInfo);
  router.get('/current/user-info', userInfo);

  router.get('/current/menu/tree', async (req, res) => {
    const user = await userOf(req);
    const { appId } = parse(schemas.appQuery, req.query);
    if (!apps.has(appId)) throw badRequest('未登记的应用');
    const certified = (await publicUser(store, user)).potalStatus;
    ok(res, [
      { code: 'home', name: '控制台首页', path: '/welcome', children: [] },
      { code: 'orders', name: '我的订单', path: '/order', children: [] },
      ...(certified ? [] : [{ code: 'certify', name: '企业认证', path: '/company/enterprise', children: [] }]),
    ]);
  });

  router.get('/current/buttons', async (req, res) => {
    const user = await userOf(req);
    const { appId } = parse(schemas.appQuery, req.query);
    if (!apps.has(appId)) throw badRequest('未登记的应用');
    const company = user.company_id === null ? undefined : await store.company(user.company_id);
    const canOrder = company?.certified === 1 && company.admin_user_id !== null;
    ok(res, canOrder ? ['order:create', 'order:view'] : ['order:view']);
  });

  router.get('/view/token/hub', (req, res) => {
    const { appId } = parse(schemas.hubQuery, req.query);
    if (!apps.has(appId)) throw badRequest('未登记的应用');
    const origins = apps.origins(appId);
    res.removeHeader('X-Frame-Options');
    res.setHeader(
      'Content-Security-Policy',
      `default-src 'none'; script-src 'nonce-${res.locals.cspNonce}'; frame-ancestors ${origins.join(' ') || "'none'"}`,
    );
    res.type('html').send(renderHubPage(res.locals.cspNonce, origins));
  });

  router.get('/protocol/oauth2/logout', async (req, res) => {
    const { token, redirectUri } = parse(schemas.logoutQuery, req.query);
    // The whole sign-in: the portal and the console share it (issue #19).
    if (token) await store.revokeSignIn(token);
    const allowed = redirectUri && apps.ids().some((id) => apps.allows(id, redirectUri));
    res.redirect(303, allowed ? redirectUri : '/');
  });

  router.use(apiErrors);
  return router;
}
