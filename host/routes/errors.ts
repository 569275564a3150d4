import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { LRUCache } from 'lru-cache';
import { errorStatus } from '../../contract/errors';
import { isMobileUserAgent } from '../../contract/user-agent';
import { UpstreamFailure } from '../data/upstream';
import { renderError } from '../pages/error';
import { themeFor } from '../pages/theme';
import { type PageDeps, pageContext, sendPage } from './page-context';
import { passDeadline } from './page-deadline';
import { missing, statusError } from './params';

/**
 * An error page's context that leaves the address out (it is not rendered
 * anywhere): for pages that are the same whatever was asked for.
 */
const addresslessContext = async (req: Request, deps: PageDeps) => ({
  ...(await pageContext(req, deps, { lenient: true })),
  path: '/',
  theme: themeFor('/'),
});

/** Longer addresses are refused before any routing: no page of ours needs one. */
export const MAX_URL_LENGTH = 2048;

export const limitUrlLength =
  (deps: PageDeps): RequestHandler =>
  async (req, res, next) => {
    if (req.originalUrl.length <= MAX_URL_LENGTH) return next();
    sendPage(res, renderError(414, await addresslessContext(req, deps)), 414);
  };

/** Answers OPTIONS with the allowed methods and any other method with 405. */
export function methodNotAllowed(allowed: string[]): RequestHandler {
  const allow = [...allowed, 'OPTIONS'].join(', ');
  return (req, res, next) => {
    res.setHeader('Allow', allow);
    if (req.method === 'OPTIONS') return void res.status(204).end();
    next(statusError(405, `${req.method} is not allowed on ${req.path}`));
  };
}

/** Every address no route claimed. */
export const notFound: RequestHandler = (_req, _res, next) => {
  next(missing());
};

/**
 * The last handler: client errors keep their status (malformed body, bad
 * encoding, 404, 405), anything else is a 500 whose details stay in the log.
 */
export function errorPage(deps: PageDeps): ErrorRequestHandler {
  // The pages that turn a flood away (429, 503) are the same for every address:
  // rendered once per device for a few seconds, however many ask meanwhile, so refusing
  // stays cheaper than serving. Not per host, and naming none: a flood of made-up
  // Host headers would otherwise render one each.
  const refusals = new LRUCache<string, Promise<string>>({ max: 8, ttl: 5000 });
  const refusal = (status: number, req: Request) => {
    const key = `${status} ${isMobileUserAgent(req.get('user-agent') ?? '')}`;
    let html = refusals.get(key);
    if (html === undefined) {
      html = addresslessContext(req, deps).then((context) => renderError(status, { ...context, origin: '' }));
      refusals.set(key, html);
      html.catch(() => refusals.delete(key));
    }
    return html;
  };
  return async (error, req, res, _next) => {
    const status = errorStatus(error);
    if (status === 500) req.log?.error({ err: error }, 'request failed');
    else if (error instanceof UpstreamFailure) req.log?.warn({ err: error }, 'back-end unreachable');
    // The back-end did not answer in time: the page saying so does not wait for it again.
    if (error instanceof UpstreamFailure && error.kind === 'unreachable') passDeadline(req);
    if (res.headersSent) return void res.end();
    if (status === 503) res.setHeader('Retry-After', '30');
    const page = Number(error?.errorPage) || status;
    if (page === 429 || page === 503) return sendPage(res, await refusal(page, req), status);
    sendPage(res, renderError(page, await pageContext(req, deps, { lenient: true })), status);
  };
}
