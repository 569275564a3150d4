import { Router } from 'express';
import { badRequest, ok, parse } from '../envelope';
import type { AppRegistry } from './apps';
import { renderHubPage } from './pages';
import * as schemas from './schemas';

/**
 * Whether the calling page's origin is registered for the app, answered to any
 * origin and with 200 either way: the sign-in element asks before it frames the
 * hub on another origin, which the hub's frame-ancestors would refuse with a CSP
 * error in that page's console.
 */
export function hubRegistration(apps: AppRegistry): Router {
  const router = Router();
  router.get('/view/token/hub/registered', (req, res) => {
    const { appId } = parse(schemas.hubQuery, req.query);
    const origin = req.get('Origin');
    res.setHeader('Access-Control-Allow-Origin', '*');
    ok(res, { registered: origin !== undefined && apps.allows(appId, origin) });
  });
  return router;
}

/** The hub page the app's registered origins frame to share a sign-in. */
export function hubPage(apps: AppRegistry): Router {
  const router = Router();
  router.get('/view/token/hub', (req, res) => {
    const { appId } = parse(schemas.hubQuery, req.query);
    if (!apps.has(appId)) throw badRequest('未登记的应用');
    const origins = apps.origins(appId);
    res.removeHeader('X-Frame-Options');
    res.setHeader(
      'Content-Security-Policy',
      `default-src 'none'; script-src 'nonce-${res.locals.cspNonce}'; frame-ancestors ${origins.join(' ') || "'none'"}`,
    );
    res.type('html').send(renderHubPage(res.locals.cspNonce, origins));
  });
  return router;
}
