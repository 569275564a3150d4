import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type ErrorRequestHandler, type Express, type Request } from 'express';
import helmet from 'helmet';
import { errorStatus, errorText } from '../contract/errors';
import { scriptSnippet } from '../host/docs/docs-page';
import { announcedEnvironment } from '../host/environments';
import { createLogger, requestLogger } from '../host/logger';
import type { WidgetBuild } from '../host/widget-build';
import { widgetRelease } from '../host/widget-release';

/** The demo sites, each on its own port after the portal's and the local console's. */
export const DEMO_SITES = [
  { name: 'console', offset: 2, label: 'Console demo (single-page app)' },
  { name: 'partner', offset: 3, label: 'Partner page demo' },
  { name: 'gallery', offset: 4, label: 'Element gallery' },
] as const;
export type DemoName = (typeof DEMO_SITES)[number]['name'];

export interface DemoOptions {
  portalPort: number;
  /** The widgets' build the portal serves, read once by the caller. */
  build: WidgetBuild;
  logLevel: string;
}

const DEMO_DIR = fileURLToPath(new URL('.', import.meta.url));

/** A host name or an IPv6 address in brackets: nothing that could leave an attribute or a CSP directive. */
const PLAIN_HOST = /^(?:[\w.-]+|\[[\da-f:.]+\])$/i;

/**
 * The portal as this visitor reaches it: same host name, so the sign-in hub is
 * same-site. The name comes from the Host header and goes into the page and its
 * CSP, so anything but a plain host name is taken as `localhost`.
 */
const portalOf = (req: Request, port: number) =>
  `${req.protocol}://${PLAIN_HOST.test(req.hostname ?? '') ? req.hostname : 'localhost'}:${port}`;

/**
 * A demo site: static files from `demo/<name>/`, its HTML filled with the portal's
 * origin, under a strict Content-Security-Policy that names only the portal.
 * The console is a single-page app: every other path gets its index page.
 */
export function createDemoApp(name: DemoName, options: DemoOptions): Express {
  const app = express();
  const dir = join(DEMO_DIR, name);
  const index = readFileSync(join(dir, 'index.html'), 'utf8');
  app.disable('x-powered-by');
  app.use(requestLogger(createLogger(options.logLevel)));
  app.use((req, res, next) => {
    const portal = portalOf(req, options.portalPort);
    // Frames: the account service's sign-in hub and, in the gallery, its own stage pages.
    return helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'none'"],
          scriptSrc: ["'self'", portal],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", portal, 'data:'],
          mediaSrc: [portal],
          connectSrc: ["'self'", portal],
          frameSrc: ["'self'", portal],
          baseUri: ["'none'"],
          formAction: ["'self'", portal],
          frameAncestors: ["'self'"],
        },
      },
      strictTransportSecurity: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    })(req, res, next);
  });
  app.use(express.static(dir, { index: false }));
  const release = widgetRelease(options.build, announcedEnvironment());
  app.get('/{*rest}', (req, res) => {
    const portal = portalOf(req, options.portalPort);
    let page = index;
    // `/pinned`: the same page with the script the docs give to copy (a release and its hash).
    if (req.path === '/pinned' && release) {
      page = page.replace('<script src="%PORTAL%/widgets/portal.js" async></script>', scriptSnippet(portal, release));
    }
    res.type('html').setHeader('Cache-Control', 'no-store').send(page.replaceAll('%PORTAL%', portal));
  });
  // A malformed address or a failure: a line of text, never Express's page with its stack trace.
  app.use(((error, req, res, _next) => {
    const status = errorStatus(error);
    if (status === 500) req.log?.error({ err: error }, 'demo request failed');
    if (res.headersSent) return void res.end();
    const text = errorText(status);
    res.status(status).type('text').send(`${status} ${text.zh} / ${text.en}`);
  }) satisfies ErrorRequestHandler);
  return app;
}
