import express, { type Request, type Response, Router } from 'express';
import { CONSENT_AGREED, CONSENT_COOKIE, CONSENT_DAYS, COOKIE_AGREE_PATH } from '../../contract/cookie-consent';
import { postedFromAnotherSite } from '../../contract/feedback';
import { returnAddress } from '../../contract/return-address';
import { methodNotAllowed } from './errors';
import { publicOrigin } from './page-context';

/** Where a path is read against, to see that it stays on the site. */
const SITE = 'http://portal.invalid';

/**
 * Only the characters an address may carry as they are (RFC 3986; others
 * percent-encoded): no white space, control character, backslash or markup.
 */
const URL_CHARACTERS = /^[\w\-.~:/?#[\]@!$&'()*+,;=%]*$/;

/**
 * The return address of a post, if it is a path of this site: the check every
 * return address passes (contract/return-address.ts) with no origin allowed but
 * this one, and URL characters only, so the path goes back as it came.
 */
export function sitePath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || !URL_CHARACTERS.test(value)) return undefined;
  return returnAddress(value, { origins: [], base: SITE }) ? value : undefined;
}

const refuse = (res: Response, status: number, text: string) =>
  res.status(status).type('text/plain; charset=utf-8').setHeader('Cache-Control', 'no-store').send(`${status} ${text}`);

/**
 * `POST /cookie-agree`: the cookie notice's 同意 on the portal's pages without
 * scripts (pages/cookie-notice.tsx). It sets `cookie-agree=true` as the element
 * does (path `/`, a year, SameSite=Lax, Secure on https) and sends the visitor
 * back to the page (`back`, a path of this site only: never elsewhere), whose kept
 * copy for those who agreed has no notice.
 */
export function cookieAgreeRoutes({ publicOrigin: configured }: { publicOrigin?: string } = {}): Router {
  const router = Router();
  router.post(
    COOKIE_AGREE_PATH,
    express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 5 }),
    (req: Request, res: Response) => {
      // Another site may not make its visitors agree: browsers name the posting page's origin.
      if (postedFromAnotherSite(req.get('Origin'), publicOrigin(req, configured)))
        return refuse(res, 403, '请在本站页面上选择同意。');
      const back = sitePath(req.body?.back);
      if (!back) return refuse(res, 400, '返回地址无效：只能返回本站的页面。');
      res.cookie(CONSENT_COOKIE, CONSENT_AGREED, {
        path: '/',
        maxAge: CONSENT_DAYS * 86_400_000,
        sameSite: 'lax',
        secure: req.secure,
        // Read by the element's script too.
        httpOnly: false,
        encode: String,
      });
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(303, back);
    },
  );
  router.all(COOKIE_AGREE_PATH, methodNotAllowed(['POST']));
  return router;
}
