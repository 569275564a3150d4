import { fileURLToPath } from 'node:url';
import compression from 'compression';
import express, { type Express } from 'express';
import type { PortalEnvironment } from '../widgets/core/env';
import type { EmbeddedBackend } from './api';
import { chatProviderCsp, chatScript } from './chat-script';
import type { HostConfig } from './config';
import { embeddedContent } from './data/content';
import { embeddedSiteData, noSiteData, remoteSiteData } from './data/site-data';
import { remoteEnvironment } from './environments';
import { createLogger, requestLogger } from './logger';
import { mediaRoutes } from './media';
import { loadPageAssets } from './pages/assets';
import { portalScript } from './portal-script';
import { apiProxies } from './proxy';
import { errorPage, limitUrlLength, notFound } from './routes/errors';
import { pageRoutes } from './routes/pages';
import { cspNonce, securityHeaders } from './security';
import { widgetFiles } from './widgets';

export type AppOptions = Pick<HostConfig, 'widgetsDir' | 'logLevel'> &
  Partial<Pick<HostConfig, 'env'>> &
  Partial<Pick<HostConfig, 'chat'>> & {
    /** The embedded back-end (`local`); other environments use the real servers. */
    backend?: EmbeddedBackend;
    /** Where the API prefixes go when there is no embedded back-end (default: the environment's servers). */
    upstream?: Pick<PortalEnvironment, 'accountServer' | 'api' | 'brand'>;
  };

const defaultChat: HostConfig['chat'] = { provider: 'builtin', meiqiaScript: '', partnerOrigins: [] };

/** Builds the portal's Express app without listening, so tests can drive it. */
export function createApp(options: AppOptions): Express {
  const logger = createLogger(options.logLevel);
  const assets = loadPageAssets(options.widgetsDir);
  const siteData = options.backend
    ? embeddedSiteData(options.backend)
    : options.env && options.env !== 'local'
      ? remoteSiteData(options.upstream ?? remoteEnvironment(options.env))
      : noSiteData;
  const deps = { assets, siteData, content: options.backend && embeddedContent(options.backend.content) };
  const app = express();

  app.disable('x-powered-by');
  app.set('etag', 'strong');
  app.use(requestLogger(logger));
  app.use(cspNonce);
  app.use(securityHeaders);
  app.use(chatProviderCsp(options.chat));
  app.use(limitUrlLength(deps));

  // Widget files are precompressed and open to every origin (they override the
  // resource policy), so they come before on-the-fly compression.
  app.get('/widgets/portal.js', portalScript(options.widgetsDir, options.env ?? 'local'));
  app.get('/widgets/chat.js', chatScript(options.widgetsDir, options.env ?? 'local', options.chat ?? defaultChat));
  app.use('/widgets', widgetFiles(options.widgetsDir));

  app.use(compression());
  if (options.backend) {
    app.use('/api/guc', options.backend.accountRoutes);
    app.use(options.backend.chatRoutes);
    app.use(options.backend.portalRoutes);
  } else if (options.env && options.env !== 'local') {
    for (const [prefix, proxy] of apiProxies(options.upstream ?? remoteEnvironment(options.env)))
      app.use(prefix, proxy);
  }
  app.use(express.static(fileURLToPath(new URL('./public', import.meta.url)), { index: false, maxAge: '1d' }));
  app.use(mediaRoutes());
  app.use(pageRoutes(deps));

  app.use(notFound);
  app.use(errorPage(deps));
  return app;
}
