import type { Request } from 'express';

/** The origin this request was made to: PORTAL_PUBLIC_ORIGIN behind a proxy, else the Host it names. */
export function ownOrigin(req: Request): string {
  return process.env.PORTAL_PUBLIC_ORIGIN?.replace(/\/$/, '') ?? `${req.protocol}://${req.get('host')}`;
}
