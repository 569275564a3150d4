import cookieParser from 'cookie-parser';
import express, { type Request, type Response, Router } from 'express';
import * as v from 'valibot';
import { errorStatus } from '../../contract/errors';
import { HttpError } from '../../contract/http-error';
import { badRequest, ok, UNAVAILABLE } from '../envelope';
import { type Attempt, waitText } from '../http/throttle';
import { HashingBusy, verifyPassword } from './passwords';
import type { AccountServiceOptions } from './routes';
import * as schemas from './schemas';
import { signInForm, signInPageRefusals } from './sign-in-form';
import { trustedDevices } from './trusted-device';

/** The return address with the sign-in's code (and the client's state) for the app. */
function returnWithCode(redirectUri: string, code: string, state: string | undefined): string {
  const back = new URL(redirectUri);
  back.searchParams.set('code', code);
  if (state) back.searchParams.set('state', state);
  return back.href;
}

/**
 * Back to the app with the code. The sign-in page's own script posts its form
 * asking for JSON, and gives the page's place in the history to the address it
 * is told (pages.tsx): after signing in, one Back leaves to where the visitor was,
 * not to this form again. A plain form post is redirected (303).
 */
function sendBack(req: Request, res: Response, location: string): void {
  if (req.get('Accept') === 'application/json') ok(res, { location });
  else res.redirect(303, location);
}

/** The sign-in form (SPEC §7, "Redirects"): shown, posted with a password, or with the sign-in the browser has. */
export function signInRoutes(options: AccountServiceOptions): Router {
  const { store, apps, signIns } = options;
  const router = Router();
  const form = signInForm(options);
  const devices = trustedDevices(options.deviceKey);

  const requireRegistered = (appId: string, redirectUri: string) => {
    if (!apps.has(appId)) throw badRequest('未登记的应用');
    if (!apps.allows(appId, redirectUri)) throw badRequest('回跳地址不在该应用登记的域名内');
  };

  /**
   * Whether this try may go on (after any slowdown of the account); else it is
   * answered 429 with the form, how long to wait and Retry-After. Guessing is
   * never answered by locking the account: its owner must always get in.
   */
  const admitted = async (req: Request, res: Response, attempt: Attempt) => {
    const waitS = await signIns.check(attempt);
    if (waitS === undefined) return true;
    res.setHeader('Retry-After', String(waitS));
    form.refuse(req, res, 429, `登录失败次数过多，请 ${waitText(waitS)}后再试`);
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
        form.refuse(req, res, 503, UNAVAILABLE);
      }
    };

  /**
   * A posted sign-in form (with a password, or the sign-in the browser has),
   * valid and returning to a registered address; else a 400 with the reason.
   */
  const signInPost = <T extends { appId: string; redirectUri: string }>(
    schema: v.GenericSchema<unknown, T>,
    req: Request,
  ): T => {
    const posted = v.safeParse(schema, req.body);
    if (!posted.success) throw new HttpError(400, posted.issues[0].message);
    requireRegistered(posted.output.appId, posted.output.redirectUri);
    return posted.output;
  };

  /**
   * The sign-in page sent the sign-in this browser already has (issue #19, one
   * sign-in for the portal and the console): a code of that same sign-in (its
   * family), so signing out anywhere ends it everywhere. Guarded like the form.
   */
  const existingSignIn = unavailableAsForm(async (req: Request, res: Response) => {
    const { session, appId, redirectUri, page_type, state, code_challenge } = signInPost(
      schemas.existingSignInForm,
      req,
    );
    // A made-up session is a guess too: it counts against the address (no account to name).
    const attempt = { address: req.ip ?? '' };
    if (!(await admitted(req, res, attempt))) return;
    const existing = await store.sessionFamily(session, appId);
    if (!existing) {
      const refused = (await store.userByAccessToken(session, null)) ? 'elsewhere' : 'ended';
      if (refused === 'ended') await signIns.failed(attempt);
      return form.show(req, res, {
        appId,
        redirectUri,
        pageType: page_type,
        state,
        codeChallenge: code_challenge,
        existingRefused: refused,
      });
    }
    const code = await store.createCode(existing.userId, appId, redirectUri, code_challenge, existing.family);
    sendBack(req, res, returnWithCode(redirectUri, code, state));
  });

  const passwordSignIn = unavailableAsForm(async (req, res) => {
    const { appId, redirectUri, state, code_challenge, username, password } = signInPost(schemas.signInForm, req);
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
      return form.refuse(req, res, 503, '登录的人太多，请稍后再试');
    }
    if (!matches || !user) {
      // Only here does a try count: a refusal, a fault or an unreadable form never does.
      await signIns.failed(attempt);
      return form.refuse(req, res, 401, '账号或密码错误');
    }
    await signIns.succeeded(attempt);
    const code = await store.createCode(user.id, appId, redirectUri, code_challenge);
    devices.remember(req, res, account);
    sendBack(req, res, returnWithCode(redirectUri, code, state));
  });

  // The sign-in form's CSRF cookie is read with the forms.
  router.use('/protocol/oauth2/auth', cookieParser());

  router.get('/protocol/oauth2/auth', (req, res) => {
    const query = v.safeParse(schemas.authQuery, req.query);
    if (!query.success) throw new HttpError(400, query.issues[0].message);
    const { appId, redirectUri, page_type, state, code_challenge } = query.output;
    requireRegistered(appId, redirectUri);
    form.show(req, res, { appId, redirectUri, pageType: page_type, state, codeChallenge: code_challenge });
  });

  router.post(
    '/protocol/oauth2/auth',
    express.urlencoded({ extended: false, limit: '4kb' }),
    form.check,
    (req, res, next) => (typeof req.body?.session === 'string' ? existingSignIn(req, res) : next()),
    passwordSignIn,
  );
  router.use('/protocol/oauth2/auth', signInPageRefusals);
  return router;
}
