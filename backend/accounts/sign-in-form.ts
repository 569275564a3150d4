import type { ErrorRequestHandler, Request, Response } from 'express';
import * as v from 'valibot';
import { HttpError } from '../../contract/http-error';
import { RETRY_AFTER_S } from '../envelope';
import { formGuard } from '../http/form-guard';
import { ownOrigin } from '../http/own-origin';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-accounts';
import { renderAccountError, renderSignInPage } from './pages';
import type { AccountServiceOptions } from './routes';
import * as schemas from './schemas';

/** What binds a sign-in form's CSRF token: the app, the return address and the client's state. */
const signInFormKey = (fields: Record<string, unknown>) =>
  [fields.appId, fields.redirectUri, fields.state].map((value) => (typeof value === 'string' ? value : '')).join('|');

export type SignInPageProps = {
  appId: string;
  redirectUri: string;
  pageType?: string;
  state?: string;
  codeChallenge?: string;
  username?: string;
  error?: string;
  existingRefused?: 'ended' | 'elsewhere';
};

/**
 * The sign-in page as the service draws it: the form with its CSRF token, and
 * the check of a posted one (from the portal's own origin, with that token).
 */
export function signInForm(options: Pick<AccountServiceOptions, 'apps' | 'formKey' | 'showDemoAccounts'>) {
  const guard = formGuard({
    cookieName: 'guc_sign_in',
    secret: options.formKey,
    path: '/api/guc/protocol/oauth2',
    bindTo: signInFormKey,
    // The portal's origin, as the feedback form and the chat take it: PORTAL_PUBLIC_ORIGIN behind a proxy.
    origin: ownOrigin,
    refuse: () => {
      throw new HttpError(403, '登录表单已失效或来自其他网站，请回到原页面重新登录');
    },
  });

  const show = (req: Request, res: Response, props: SignInPageProps, status = 200) => {
    // The form's answer redirects to the app's origin: form-action must allow it.
    const csp = String(res.getHeader('Content-Security-Policy') ?? '');
    res.setHeader(
      'Content-Security-Policy',
      csp.replace(/form-action [^;]*/, `form-action 'self' ${options.apps.origins(props.appId).join(' ')}`),
    );
    res
      .status(status)
      .type('html')
      .send(
        renderSignInPage({
          nonce: res.locals.cspNonce,
          ...props,
          csrf: guard.token(req, res, props),
          demoAccounts: options.showDemoAccounts ? DEMO_USERS : undefined,
          demoPassword: options.showDemoAccounts ? DEMO_PASSWORD : undefined,
        }),
      );
  };

  /** The form again with a problem, or a plain refusal when the form itself is not readable. */
  const refuse = (req: Request, res: Response, status: number, error: string) => {
    if (status === 503) res.setHeader('Retry-After', RETRY_AFTER_S);
    // The password form, or the form that sent the sign-in the browser has (no name to keep).
    const form = v.safeParse(schemas.signInForm, req.body);
    const existing = form.success ? undefined : v.safeParse(schemas.existingSignInForm, req.body);
    const fields = form.success ? form.output : existing?.success ? existing.output : undefined;
    if (!fields) return void res.status(status).type('text').send(error);
    const { appId, redirectUri, page_type, state, code_challenge } = fields;
    const username = form.success ? form.output.username : undefined;
    show(
      req,
      res,
      { appId, redirectUri, pageType: page_type, state, codeChallenge: code_challenge, username, error },
      status,
    );
  };

  return { check: guard.check, show, refuse };
}

/**
 * A sign-in request refused before any form can be shown (an unregistered app
 * or return address, a foreign or stale form): the service's error page, with
 * the HttpError's status and words. Other failures go on to the API's handler.
 */
export const signInPageRefusals: ErrorRequestHandler = (error, _req, res, next) => {
  if (!(error instanceof HttpError) || error.status >= 500 || res.headersSent) return next(error);
  res.status(error.status).type('html').send(renderAccountError(res.locals.cspNonce, error.message));
};
