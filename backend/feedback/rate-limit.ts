import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';

export const FEEDBACK_WINDOW_MS = 10 * 60_000;

/** Feedback per address: a few entries per ten minutes is plenty for a person. */
export function feedbackRateLimit(options: { limit: number; handler: RequestHandler }): RequestHandler {
  return rateLimit({
    windowMs: FEEDBACK_WINDOW_MS,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: options.handler,
  });
}
