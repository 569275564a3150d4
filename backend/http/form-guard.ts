import { doubleCsrf } from 'csrf-csrf';
import type { Request, RequestHandler, Response } from 'express';

/** The hidden field a guarded form carries its token in. */
export const FORM_TOKEN_FIELD = 'csrf';

export interface FormGuard {
  /** A token for a form about to be shown with these fields (and its cookie on `res`). */
  token(req: Request, res: Response, fields: Record<string, unknown>): string;
  /** Lets a post through only from this origin, with the token of a form this browser was shown. */
  check: RequestHandler;
}

/**
 * Cross-site request forgery protection for the back-end's own HTML forms (the
 * account service's sign-in, the local console): the double-submit cookie of
 * `csrf-csrf` (a SameSite=Strict cookie and a hidden field whose HMAC binds them
 * and the form's own fields), and a post from any other origin refused at once.
 * A page on another site that auto-submits the sign-in form with its own account
 * (login CSRF) is stopped by both.
 */
export function formGuard(options: {
  /** The cookie's name: one per form family, so their cookies do not replace each other. */
  cookieName: string;
  /** Where the cookie is sent; the form's own path. */
  path: string;
  /** What the token is bound to, read from the fields the form is shown with and the ones it posts. */
  bindTo: (fields: Record<string, unknown>, req: Request) => string;
  /** Answers a refused post. */
  refuse: (req: Request, res: Response) => void;
  /** The HMAC key: the same on every instance, so a form shown by one is accepted by another. */
  secret: Buffer;
  /** The origin its pages are shown on (the portal's public one behind a proxy); the request's Host by default. */
  origin?: (req: Request) => string;
  /**
   * Whether a page shows the token the browser already holds while it is still
   * good (bound to the same things), so forms open in several tabs all post;
   * by default each page shows a new one and an older tab's form is refused.
   */
  reuse?: boolean;
}): FormGuard {
  const secret = options.secret.toString('base64url');
  /** The fields a form is being shown with, by request; a post's own fields otherwise. */
  const shown = new WeakMap<Request, Record<string, unknown>>();
  const fieldsOf = (req: Request) => shown.get(req) ?? (req.body as Record<string, unknown> | undefined);
  const { generateCsrfToken, validateRequest } = doubleCsrf({
    getSecret: () => secret,
    getSessionIdentifier: (req) => options.bindTo(fieldsOf(req) ?? {}, req),
    cookieName: options.cookieName,
    cookieOptions: { sameSite: 'strict', path: options.path, httpOnly: true, secure: false },
    getCsrfTokenFromRequest: (req) => {
      const value = (req.body as Record<string, unknown> | undefined)?.[FORM_TOKEN_FIELD];
      return typeof value === 'string' ? value : undefined;
    },
  });
  const ownOrigin = options.origin ?? ((req: Request) => `${req.protocol}://${req.get('host')}`);
  return {
    token(req, res, fields) {
      shown.set(req, fields);
      return generateCsrfToken(req, res, {
        overwrite: !options.reuse,
        cookieOptions: { secure: req.secure, httpOnly: true },
      });
    },
    check(req, res, next) {
      const origin = req.get('Origin');
      // Browsers send Origin with every form post; a missing one is a client that is not a browser's form.
      if (origin !== ownOrigin(req) || !validateRequest(req)) return void options.refuse(req, res);
      next();
    },
  };
}
