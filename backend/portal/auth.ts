import type { NextFunction, Request, Response } from 'express';
import { PORTAL_APP_ID } from '../accounts/apps';
import type { AccountStore, UserRow } from '../accounts/store';
import { forbidden, unauthorized } from '../envelope';

/** The signed-in user of a protected call, set by `requireUser`. */
export function currentUser(res: Response): UserRow {
  return res.locals.user as UserRow;
}

/**
 * Protected calls verify the bearer token with the account service, and only
 * ever act for the user's own company: a `companyId` header naming another
 * company is refused (0 means "none", as the client sends when it has none).
 */
export function requireUser(accounts: AccountStore) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const token = /^Bearer ([\w-]{1,200})$/.exec(req.get('Authorization') ?? '')?.[1];
    const user = token ? await accounts.userByAccessToken(token, PORTAL_APP_ID) : undefined;
    if (!user) return next(unauthorized());
    const claimed = req.get('companyId');
    if (claimed !== undefined && claimed !== '0' && claimed !== String(user.company_id)) return next(forbidden());
    res.locals.user = user;
    // One person's answer: no browser or proxy cache may keep it for the next one.
    res.setHeader('Cache-Control', 'no-store');
    next();
  };
}
