import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { FEEDBACK_RATE } from '../../contract/feedback';

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
