import type { Request } from 'express';
import { PUBLIC_ORIGIN_SETTING } from '../../contract/public-origin';

/**
 * The origin this request was made to: the site's public origin behind a proxy
 * (PORTAL_PUBLIC_ORIGIN, given by the app that mounts these routes as its
 * `PUBLIC_ORIGIN_SETTING`, as it gives `trust proxy`), else the Host it names.
 */
export function ownOrigin(req: Request, publicOrigin: string | undefined = req.app.get(PUBLIC_ORIGIN_SETTING)): string {
  return publicOrigin?.replace(/\/$/, '') ?? `${req.protocol}://${req.get('host')}`;
}
