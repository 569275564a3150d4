import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';

/** The cookie of a browser an account signed in on (OWASP's device cookie). */
export const TRUSTED_DEVICE_COOKIE = 'guc_device';
export const TRUSTED_DEVICE_DAYS = 180;
const DAY_MS = 24 * 60 * 60_000;
/** Sent with the sign-in form's posts only. */
const COOKIE_PATH = '/api/guc/protocol/oauth2';

/**
 * Browsers an account has signed in on: others' guesses at the account do not
 * slow them down, nor guesses from their network shut them out. The cookie
 * names the account and when it ends, signed; it proves a past sign-in on this
 * browser, nothing more (it signs no one in).
 */
export function trustedDevices(key: Buffer, now: () => number = Date.now) {
  const sign = (account: string, expires: number) =>
    createHmac('sha256', key).update(`${account}\n${expires}`).digest();

  return {
    /** After a sign-in to `account` (as it is looked up: lower case). */
    remember(req: Request, res: Response, account: string): void {
      const expires = now() + TRUSTED_DEVICE_DAYS * DAY_MS;
      const value = [Buffer.from(account).toString('base64url'), expires, sign(account, expires).toString('base64url')];
      res.cookie(TRUSTED_DEVICE_COOKIE, value.join('.'), {
        httpOnly: true,
        secure: req.secure,
        // Lax: a sign-in reached from another site's link still counts as this browser's.
        sameSite: 'lax',
        path: COOKIE_PATH,
        maxAge: TRUSTED_DEVICE_DAYS * DAY_MS,
      });
    },

    /** Whether this browser carries an unexpired, untampered cookie of `account`. */
    trusts(req: Request, account: string): boolean {
      const [name, expiresText, signature] = String(req.cookies?.[TRUSTED_DEVICE_COOKIE] ?? '').split('.');
      const expires = Number(expiresText);
      if (!name || !signature || !Number.isSafeInteger(expires) || expires <= now()) return false;
      if (Buffer.from(name, 'base64url').toString() !== account) return false;
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(account, expires);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
