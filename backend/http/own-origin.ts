import type { Request } from 'express';

/** The origin this request was made to: PORTAL_PUBLIC_ORIGIN behind a proxy, else the Host it names. */
export function ownOrigin(req: Request): string {
  return process.env.PORTAL_PUBLIC_ORIGIN?.replace(/\/$/, '') ?? `${req.protocol}://${req.get('host')}`;
}

/**
 * Whether a post may be a page's of another origin: browsers name the page's
 * origin on every post (`null` for an opaque one), so any `Origin` but the
 * site's own is another site making its visitors' browsers post. A client that
 * is not a browser sends none, and is not refused by this.
 */
export const postedByAnotherSite = (req: Request): boolean => {
  const origin = req.get('Origin');
  return origin !== undefined && origin !== ownOrigin(req);
};
