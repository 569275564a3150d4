import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { ApiFailure } from '../envelope';
import type { LimitStores } from '../http/limit-store';

/** The window both limits count in. */
const WINDOW_MS = 10 * 60_000;

/** Conversations one visitor may try to start per window, when not set (CHAT_CONVERSATIONS_PER_VISITOR). */
export const CONVERSATIONS_PER_VISITOR = 5;
/** New conversations per address per window, when not set (CHAT_CONVERSATIONS_PER_ADDRESS): an office shares one. */
export const CONVERSATIONS_PER_ADDRESS = 50;

export interface ConversationLimitOptions {
  perVisitor?: number;
  perAddress?: number;
  /** Where the counts are kept (the database when instances share one). */
  limits?: LimitStores;
  /** Whether the caller has its conversation already: it goes on, uncounted. */
  started(req: Request, res: Response): Promise<boolean>;
}

/** The refusal says when to try again, in the words and in Retry-After (set by the limiter, from its window). */
function refuse(_req: Request, res: Response, next: (error: unknown) => void) {
  const seconds = Number(res.getHeader('Retry-After')) || WINDOW_MS / 1000;
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  next(new ApiFailure(429, 'E0429', `新会话过多，请约 ${minutes} 分钟后再试`));
}

/**
 * A conversation is a row in the agents' inbox, so starting one is limited: per
 * visitor (the id the service signed, or the signed-in user), and under a
 * ceiling per address high enough for colleagues who share an office's address.
 * A visitor has one conversation, so its own limit counts its tries (refused
 * ones too); a visitor who asks for a fresh id for each try is held by the
 * ceiling, and by the allowance of ids per address (`POST /visitors`).
 */
export function newConversationLimits(options: ConversationLimitOptions): RequestHandler[] {
  const common = {
    windowMs: WINDOW_MS,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skip: options.started,
    handler: refuse,
  } as const;
  return [
    rateLimit({
      ...common,
      identifier: 'chat conversations per visitor',
      limit: options.perVisitor ?? CONVERSATIONS_PER_VISITOR,
      keyGenerator: (_req, res) => res.locals.visitorKey as string,
      store: options.limits?.('chat conversations per visitor'),
    }),
    rateLimit({
      ...common,
      identifier: 'chat conversations per address',
      limit: options.perAddress ?? CONVERSATIONS_PER_ADDRESS,
      keyGenerator: (req) => ipKeyGenerator(req.ip ?? ''),
      store: options.limits?.('chat conversations'),
    }),
  ];
}
