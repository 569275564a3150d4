import cookieParser from 'cookie-parser';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import { errorStatus, errorText } from '../../contract/errors';
import type { EmbeddedBackend } from '..';
import { PORTAL_APP_ID } from '../accounts/apps';
import { companyRoutes } from './company-routes';
import { ConsoleRefusal, consoleSite } from './console-site';
import { ConsoleStore } from './console-store';
import { signedInOnly, signInRoutes } from './sign-in';

export interface ConsoleOptions {
  backend: EmbeddedBackend;
  /** The portal's port: the account service lives there. */
  portalPort: () => number;
  /**
   * What the serving process puts in front of each of its apps: request logging,
   * a CSP nonce in `res.locals.cspNonce` and the security headers.
   */
  front: readonly RequestHandler[];
}

/**
 * The minimal console of `local`, on its own origin (the portal's port + 1): the
 * pages the portal sends people to, signing in through the account service, and
 * really changing the account in the database.
 */
export function createConsoleApp({ backend, portalPort, front }: ConsoleOptions): Express {
  const site = consoleSite(backend, portalPort);
  const { originOf, accountServer, page } = site;
  const app = express();
  app.disable('x-powered-by');
  app.use(...front);
  // Forms here answer with a redirect back to the portal: form-action must allow it.
  // The pages frame the account service's hub (the portal's port of this host).
  app.use((req, res, next) => {
    const csp = String(res.getHeader('Content-Security-Policy') ?? '');
    const origins = backend.apps.origins(PORTAL_APP_ID).join(' ');
    const origin = originOf(req);
    res.setHeader(
      'Content-Security-Policy',
      csp
        .replace(/form-action [^;]*/, `form-action 'self' ${origins}`)
        .replace(/frame-src [^;]*/, `frame-src 'self'${origin ? ` ${accountServer(origin)}` : ''}`),
    );
    next();
  });
  app.use(cookieParser());
  app.use(express.urlencoded({ extended: false, limit: '4kb' }));
  app.use(signInRoutes(site));
  app.use(companyRoutes(site, new ConsoleStore(backend.db), signedInOnly(site)));

  app.use((_req, res) => page(res, '页面不存在', <p>This page could not be found / 页面不存在</p>, 404));
  // Refusals, malformed addresses and bodies (400, 413, 415) and failures: this console's page, never Express's.
  app.use(((error, req, res, _next) => {
    if (error instanceof ConsoleRefusal) {
      if (res.headersSent) return void res.end();
      return void page(res, error.title, <p className="error">{error.message}</p>, error.status).catch(() => {
        if (!res.headersSent) res.status(error.status).type('text').send(error.message);
      });
    }
    const status = errorStatus(error);
    if (status === 500) req.log?.error({ err: error }, 'console request failed');
    if (res.headersSent) return void res.end();
    const text = errorText(status);
    // Sharing a sign-in with the portal reads the database, which may be what failed.
    page(
      res,
      text.title,
      <p className="error">
        {text.zh} / <span lang="en">{text.en}</span>
      </p>,
      status,
    ).catch(() => {
      if (!res.headersSent) res.status(status).type('text').send(`${text.zh} / ${text.en}`);
    });
  }) satisfies ErrorRequestHandler);
  return app;
}
