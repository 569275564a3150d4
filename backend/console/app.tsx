import { randomBytes } from 'node:crypto';
import cookieParser from 'cookie-parser';
import express, {
  type ErrorRequestHandler,
  type Express,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import * as v from 'valibot';
import { errorStatus, errorText } from '../../contract/errors';
import { NUMERIC_ID_PATTERN } from '../../contract/ids';
import { returnAddress } from '../../contract/return-address';
import type { EmbeddedBackend } from '..';
import { PORTAL_APP_ID } from '../accounts/apps';
import type { UserRow } from '../accounts/store';
import { formGuard } from '../http/form-guard';
import { ConsoleStore } from './console-store';
import {
  type ConsolePageOptions,
  doneBody,
  enterpriseBody,
  managerSettingBody,
  renderConsolePage,
  signedOutBody,
  welcomeBody,
} from './pages';

export interface ConsoleOptions {
  backend: EmbeddedBackend;
  /** The portal's port: the account service lives there. */
  portalPort: () => number;
  /**
   * What the serving process puts in front of each of its apps: request logging,
   * a CSP nonce in `res.locals.cspNonce` and the security headers.
   */
  front: readonly RequestHandler[];
}

const SESSION_COOKIE = 'console_session';
const STATE_COOKIE = 'console_state';
/** Set by a sign-in made here: the next page shares it with the portal through the hub. */
const SHARE_COOKIE = 'console_share';
const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, path: '/' };

const companyIdParam = v.pipe(v.string(), v.regex(NUMERIC_ID_PATTERN), v.transform(Number));
const redirectParam = v.optional(v.pipe(v.string(), v.maxLength(2048)));
const creditCode = /^[0-9A-HJ-NPQRTUWXY]{18}$/;

/**
 * The minimal console of `local`, on its own origin (the portal's port + 1): the
 * pages the portal sends people to, signing in through the account service, and
 * really changing the account in the database.
 */
export function createConsoleApp({ backend, portalPort, front }: ConsoleOptions): Express {
  const store = new ConsoleStore(backend.db);
  const app = express();
  app.disable('x-powered-by');
  app.use(...front);
  // Forms here answer with a redirect back to the portal: form-action must allow it.
  // The pages frame the account service's hub (the portal's port of this host).
  app.use((req, res, next) => {
    const csp = String(res.getHeader('Content-Security-Policy') ?? '');
    const origins = backend.apps.origins(PORTAL_APP_ID).join(' ');
    const origin = originOf(req);
    res.setHeader(
      'Content-Security-Policy',
      csp
        .replace(/form-action [^;]*/, `form-action 'self' ${origins}`)
        .replace(/frame-src [^;]*/, `frame-src 'self'${origin ? ` ${accountServer(origin)}` : ''}`),
    );
    next();
  });
  app.use(cookieParser());
  app.use(express.urlencoded({ extended: false, limit: '4kb' }));

  /** This console's origin as the visitor reached it, if it is a registered one. */
  const originOf = (req: Request) => {
    const origin = `${req.protocol}://${req.get('host')}`;
    return backend.apps.allows(PORTAL_APP_ID, origin) ? origin : undefined;
  };
  /**
   * The account service: the portal's port on this console's registered origin. Not
   * `req.hostname`, which behind a trusted proxy is whatever X-Forwarded-Host says.
   */
  const accountServer = (origin: string) => {
    const url = new URL(origin);
    url.port = String(portalPort());
    return url.origin;
  };
  const hubOf = (req: Request) => {
    const origin = originOf(req);
    return origin && `${accountServer(origin)}/api/guc/view/token/hub?appId=${PORTAL_APP_ID}`;
  };
  /**
   * The first page after a sign-in made here hands the portal a session of the
   * same sign-in (its family) through the hub, so the portal opens signed in and
   * one sign-out ends both.
   */
  const sharing = async (req: Request, res: Response): Promise<ConsolePageOptions['hub']> => {
    const user = res.locals.user as UserRow | undefined;
    const url = hubOf(req);
    if (!user || !url || req.cookies?.[SHARE_COOKIE] !== '1') return undefined;
    res.clearCookie(SHARE_COOKIE, cookieOptions);
    const signIn = await backend.accounts.sessionFamily(req.cookies?.[SESSION_COOKIE] ?? '', PORTAL_APP_ID);
    if (!signIn) return undefined;
    const issued = await backend.accounts.createSession(user.id, PORTAL_APP_ID, signIn.family);
    const tokens = {
      accessToken: issued.accessToken,
      refreshToken: issued.refreshToken,
      expiresAt: Date.now() + issued.expiresIn * 1000,
    };
    return { url, command: { type: 'set', tokens } };
  };
  const page = async (
    res: Response,
    title: string,
    body: Parameters<typeof renderConsolePage>[2],
    status = 200,
    options: ConsolePageOptions = {},
  ): Promise<void> => {
    const hub = options.hub ?? (await sharing(res.req, res));
    res
      .status(status)
      .type('html')
      .setHeader('Cache-Control', 'no-store')
      .send(
        renderConsolePage(res.locals.cspNonce, title, body, {
          signedIn: res.locals.user !== undefined,
          hub,
        }),
      );
  };

  /** Return addresses outside the portal's registered origins are never followed. */
  const allowedReturn = (address: string | undefined): string | undefined => {
    if (!address || !backend.apps.allows(PORTAL_APP_ID, address)) return undefined;
    const url = new URL(address);
    url.searchParams.set('webneedrefresh', 'true');
    return url.href;
  };

  const signedIn = async (req: Request, res: Response, next: NextFunction) => {
    const token = req.cookies?.[SESSION_COOKIE];
    const user = typeof token === 'string' ? await backend.accounts.userByAccessToken(token, PORTAL_APP_ID) : undefined;
    if (user) {
      res.locals.user = user;
      return next();
    }
    const origin = originOf(req);
    if (!origin) return page(res, '无法访问', <p className="error">请通过已登记的地址访问控制台。</p>, 400);
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

  app.get('/auth/callback', async (req, res) => {
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
    if (grant === undefined)
      return page(res, '登录失败', <p className="error">登录码无效或已过期，请重新登录。</p>, 400);
    // A code of the sign-in the portal already has continues it; a new sign-in is shared with the portal.
    const { accessToken } = await backend.accounts.createSession(grant.userId, PORTAL_APP_ID, grant.family);
    res.cookie(SESSION_COOKIE, accessToken, { ...cookieOptions, secure: req.secure, maxAge: 2 * 60 * 60 * 1000 });
    if (grant.family === undefined)
      res.cookie(SHARE_COOKIE, '1', { ...cookieOptions, secure: req.secure, maxAge: 10 * 60 * 1000 });
    // The page asked for before sign-in, if it is one of this console's own (not `/\\evil.com`).
    const next = returnAddress(pending.next, { origins: [], base: origin });
    res.redirect(303, next ? next.pathname + next.search : '/welcome');
  });

  app.get('/', (_req, res) => res.redirect(303, '/welcome'));

  // Signing out here ends the sign-in the portal shares (its whole family) and
  // clears the hub, so the portal's open pages sign out too. Only this console's
  // own pages may ask (Origin).
  app.post('/logout', async (req, res) => {
    const origin = originOf(req);
    if (!origin || req.get('Origin') !== origin)
      return page(res, '无法退出', <p className="error">请在控制台页面上退出登录。</p>, 403);
    const token = req.cookies?.[SESSION_COOKIE];
    if (typeof token === 'string') await backend.accounts.revokeSignIn(token);
    res.clearCookie(SESSION_COOKIE, cookieOptions);
    res.clearCookie(SHARE_COOKIE, cookieOptions);
    const hub = hubOf(req);
    return page(res, '已退出登录', signedOutBody(accountServer(origin)), 200, {
      hub: hub ? { url: hub, command: { type: 'clear' } } : undefined,
    });
  });

  app.get('/welcome', signedIn, async (_req, res) => {
    const user = res.locals.user as UserRow;
    const company = user.company_id === null ? undefined : await store.company(user.company_id);
    await page(
      res,
      '控制台首页',
      welcomeBody({
        name: user.name,
        username: user.username,
        companyId: company?.id ?? null,
        companyName: company?.name ?? null,
        certified: company?.certified === 1,
        adminName: company?.adminName ?? null,
      }),
    );
  });

  /** The user's own company, named in the query or form; anyone else's is refused. */
  const ownCompany = (req: Request, res: Response, key: string) => {
    const user = res.locals.user as UserRow;
    const parsed = v.safeParse(
      companyIdParam,
      req.method === 'POST' ? (req.body?.[key] ?? req.body?.companyId) : req.query[key],
    );
    const id = parsed.success ? parsed.output : user.company_id;
    if (id === null || id !== user.company_id) return undefined;
    return store.company(id);
  };
  const redirectOf = (req: Request) => {
    const parsed = v.safeParse(redirectParam, req.method === 'POST' ? req.body?.redirectUrl : req.query.redirectUrl);
    return parsed.success ? parsed.output : undefined;
  };
  const forbidden = (res: Response) => page(res, '无权操作', <p className="error">只能管理您所在企业的信息。</p>, 403);
  // The forms change the account: posted only from this console, by the signed-in user who was shown them.
  const forms = formGuard({
    cookieName: 'console_form',
    secret: backend.keys('console form'),
    path: '/company',
    bindTo: (fields, req) => `${req.cookies?.[SESSION_COOKIE] ?? ''}|${fields.companyId ?? ''}`,
    refuse: (_req, res) =>
      void page(res, '无法提交', <p className="error">表单已失效或来自其他网站，请重新打开此页后提交。</p>, 403),
  });
  const formToken = (req: Request, res: Response, companyId: number) =>
    forms.token(req, res, { companyId: String(companyId) });

  app.get('/company/manager-setting', signedIn, async (req, res) => {
    const company = await ownCompany(req, res, 'companyId');
    if (!company) return forbidden(res);
    if (company.adminUserId !== null) {
      return page(
        res,
        '企业管理员',
        doneBody(`企业管理员为 ${company.adminName}。`, allowedReturn(redirectOf(req)) ?? '/welcome'),
      );
    }
    const user = res.locals.user as UserRow;
    await page(
      res,
      '设置企业管理员',
      managerSettingBody({
        companyName: company.name,
        companyId: company.id,
        userName: user.name,
        redirectUrl: redirectOf(req),
        csrf: formToken(req, res, company.id),
      }),
    );
  });

  app.post('/company/manager-setting', signedIn, forms.check, async (req, res) => {
    const company = await ownCompany(req, res, 'companyId');
    if (!company) return forbidden(res);
    await store.setAdministrator((res.locals.user as UserRow).id, company.id);
    const back = allowedReturn(redirectOf(req));
    if (back) return res.redirect(303, back);
    await page(res, '设置完成', doneBody('已将您设为企业管理员。', '/welcome'));
  });

  app.get('/company/enterprise', signedIn, async (req, res) => {
    const company = await ownCompany(req, res, 'companyid');
    if (!company) return forbidden(res);
    if (company.certified === 1) {
      return page(
        res,
        '企业认证',
        doneBody(`企业「${company.name}」已完成认证。`, allowedReturn(redirectOf(req)) ?? '/welcome'),
      );
    }
    await page(
      res,
      '企业认证',
      enterpriseBody({
        companyName: company.name,
        companyId: company.id,
        redirectUrl: redirectOf(req),
        csrf: formToken(req, res, company.id),
      }),
    );
  });

  app.post('/company/enterprise', signedIn, forms.check, async (req, res) => {
    const company = await ownCompany(req, res, 'companyid');
    if (!company) return forbidden(res);
    const name = String(req.body?.name ?? '').trim();
    const code = String(req.body?.creditCode ?? '')
      .trim()
      .toUpperCase();
    const legalPerson = String(req.body?.legalPerson ?? '').trim();
    const error =
      !name || name.length > 64
        ? '请填写企业名称（64 字以内）'
        : !creditCode.test(code)
          ? '统一社会信用代码应为 18 位数字或大写字母'
          : !legalPerson || legalPerson.length > 32
            ? '请填写法定代表人'
            : undefined;
    if (error) {
      return page(
        res,
        '企业认证',
        enterpriseBody({
          companyName: company.name,
          companyId: company.id,
          redirectUrl: redirectOf(req),
          error,
          values: { name, creditCode: code, legalPerson },
          csrf: formToken(req, res, company.id),
        }),
        400,
      );
    }
    await store.certify((res.locals.user as UserRow).id, company.id, { name, creditCode: code, legalPerson });
    const back = allowedReturn(redirectOf(req));
    if (back) return res.redirect(303, back);
    await page(res, '认证完成', doneBody('企业认证已完成。', '/welcome'));
  });

  app.use((_req, res) => page(res, '页面不存在', <p>This page could not be found / 页面不存在</p>, 404));
  // Malformed addresses and bodies (400, 413, 415) and failures: this console's page, never Express's.
  app.use(((error, req, res, _next) => {
    const status = errorStatus(error);
    if (status === 500) req.log?.error({ err: error }, 'console request failed');
    if (res.headersSent) return void res.end();
    const text = errorText(status);
    // Sharing a sign-in with the portal reads the database, which may be what failed.
    page(
      res,
      text.title,
      <p className="error">
        {text.zh} / <span lang="en">{text.en}</span>
      </p>,
      status,
    ).catch(() => {
      if (!res.headersSent) res.status(status).type('text').send(`${text.zh} / ${text.en}`);
    });
  }) satisfies ErrorRequestHandler);
  return app;
}
