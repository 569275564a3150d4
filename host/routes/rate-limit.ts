import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { FEEDBACK_RATE } from '../../contract/feedback';

/** Search pages per address per minute (default): a person searches a few times a minute, a script thousands. */
export const SEARCH_PAGE_LIMIT = 60;

/**
 * Search pages per address: each word is a page rendered afresh (none is kept),
 * so a script asking for words without end is answered 429 after its share.
 */
export function searchRateLimit(limit: number = SEARCH_PAGE_LIMIT): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) => next(Object.assign(new Error('Too many searches'), { status: 429, expose: true })),
  });
}

/** Feedback form posts per address (SPEC: none; a person needs a few per ten minutes). */
export function feedbackRateLimit(options: { limit: number; handler: RequestHandler }): RequestHandler {
  return rateLimit({
    windowMs: FEEDBACK_RATE.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: options.handler,
  });
}
