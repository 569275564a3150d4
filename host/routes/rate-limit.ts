import type { ErrorRequestHandler, RequestHandler } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import { LRUCache } from 'lru-cache';
import { errorStatus } from '../../contract/errors';
import { FEEDBACK_RATE } from '../../contract/feedback';
import { type RefusalScope, type RefusedAddresses, refuse } from './refused-addresses';

/**
 * Defaults, per address per minute, for answers that cannot be kept and cost
 * work each time: far above what a visitor, or an office behind one address,
 * asks for (people read pages; a script asks for thousands), so only a flood meets them.
 */
export const RENDER_LIMIT = 300;
export const NOT_FOUND_LIMIT = 120;
export const SEARCH_LIMIT = 300;

const MINUTE = 60_000;

/** Limits and addresses told to the log within the last minute: a flood is a line a minute, not a line a request. */
const told = new LRUCache<string, true>({ max: 10_000, ttl: MINUTE });

/**
 * The answer past limit `name`: the small 429 page (never a render) or the
 * search API's envelope, with Retry-After, told to the log at `warn` once a
 * minute per address; with `refused`, the address is remembered, to be refused
 * first thing until its count starts again (refused-addresses.ts).
 */
const tooMany =
  (name: string, scope: RefusalScope, refused?: RefusedAddresses): RequestHandler =>
  (req, res) => {
    refused?.remember(req, scope);
    const resetTime = (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
    const seconds = resetTime ? (resetTime.getTime() - Date.now()) / 1000 : MINUTE / 1000;
    if (!told.has(`${name} ${req.ip}`)) {
      told.set(`${name} ${req.ip}`, true);
      req.log?.warn(
        { limit: name, address: req.ip, retryAfter: Math.ceil(seconds) },
        `Per-address limit (${name}): ${req.ip} is refused until its count starts again (said once a minute per address)`,
      );
    }
    refuse(req, res, scope, seconds);
  };

/**
 * Search pages per address: each word is a page rendered afresh (none is kept),
 * so a script asking for words without end is answered 429 after its share.
 */
export function searchRateLimit(limit: number = SEARCH_LIMIT, store?: Store): RequestHandler {
  return perAddress(MINUTE, limit, tooMany('search pages', 'pages'), store);
}

/**
 * `GET /api/search` per address: every call searches afresh. Past the limit,
 * the API's own 429 envelope (code, Chinese words, status), with Retry-After.
 */
export function searchApiRateLimit(
  limit: number = SEARCH_LIMIT,
  store?: Store,
  refused?: RefusedAddresses,
): RequestHandler {
  return perAddress(MINUTE, limit, tooMany('search api', 'search api', refused), store, { passOnStoreError: true });
}

/**
 * Pages rendered for one request per address: a page the cache holds is sent to
 * everyone (or rendered again once for all) and never counts; the others (a first
 * view, a host name pages are not kept for, a preview, the forms) each cost a render.
 */
export function renderRateLimit(
  limit: number = RENDER_LIMIT,
  store?: Store,
  refused?: RefusedAddresses,
): RequestHandler {
  return perAddress(MINUTE, limit, tooMany('page renders', 'pages', refused), store, {
    passOnStoreError: true,
    quiet: true,
  });
}

/**
 * 404 answers per address: each is a page rendered, after routing and a look at
 * the disk. Past the limit a 404 becomes the small 429 page, so guessing
 * addresses costs the guesser, not the site.
 */
export function notFoundRateLimit(
  limit: number = NOT_FOUND_LIMIT,
  store?: Store,
  refused?: RefusedAddresses,
): ErrorRequestHandler {
  const counted = perAddress(MINUTE, limit, tooMany('not found', 'pages', refused), store, {
    passOnStoreError: true,
    quiet: true,
  });
  return (error, req, res, next) =>
    errorStatus(error) === 404 ? counted(req, res, (refusal?: unknown) => next(refusal ?? error)) : next(error);
}

/** Feedback form posts per address (SPEC: none; a person needs a few per ten minutes). */
export function feedbackRateLimit(options: { limit: number; handler: RequestHandler; store?: Store }): RequestHandler {
  // Counted in the database: while it cannot be reached, nothing can be stored either, and
  // the form says so keeping what was typed, rather than an error page losing it. Only
  // stored entries count: a visitor's mistakes in the form do not use the allowance up.
  return perAddress(FEEDBACK_RATE.windowMs, options.limit, options.handler, options.store, {
    passOnStoreError: true,
    skipFailedRequests: true,
  });
}

/**
 * `limit` requests per address per `windowMs`, said in the standard RateLimit headers
 * (and Retry-After past it); `handler` answers the rest.
 * Counted in `store` (the shared database, when instances share one), else in this process;
 * with `passOnStoreError`, a count that cannot be read lets the request through (a
 * database restarting must not turn every page into an error); with
 * `skipFailedRequests`, answers of 400 and above are not counted; `quiet` sends no
 * RateLimit headers (only Retry-After, on the refusal): a page that will be kept
 * goes out with no count of one visitor's in it.
 */
function perAddress(
  windowMs: number,
  limit: number,
  handler: RequestHandler,
  store?: Store,
  { passOnStoreError = false, skipFailedRequests = false, quiet = false } = {},
): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    skipFailedRequests,
    standardHeaders: quiet ? false : 'draft-8',
    legacyHeaders: false,
    handler,
    store,
    passOnStoreError,
  });
}
