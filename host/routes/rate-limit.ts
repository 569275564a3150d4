import type { RequestHandler } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import { FEEDBACK_RATE } from '../../contract/feedback';
import { statusError } from './params';

/** Search pages per address per minute (default): a person searches a few times a minute, a script thousands. */
export const SEARCH_PAGE_LIMIT = 60;

/**
 * Search pages per address: each word is a page rendered afresh (none is kept),
 * so a script asking for words without end is answered 429 after its share.
 */
export function searchRateLimit(limit: number = SEARCH_PAGE_LIMIT, store?: Store): RequestHandler {
  return perAddress(60_000, limit, (_req, _res, next) => next(statusError(429, 'Too many searches')), store);
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
 * `limit` requests per address per `windowMs`, said in the standard RateLimit headers; `handler` answers the rest.
 * Counted in `store` (the shared database, when instances share one), else in this process;
 * with `passOnStoreError`, a count that cannot be read lets the request through; with
 * `skipFailedRequests`, answers of 400 and above are not counted.
 */
function perAddress(
  windowMs: number,
  limit: number,
  handler: RequestHandler,
  store?: Store,
  { passOnStoreError = false, skipFailedRequests = false } = {},
): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    skipFailedRequests,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler,
    store,
    passOnStoreError,
  });
}
