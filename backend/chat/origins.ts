import type { NextFunction, Request, Response } from 'express';
import { ApiFailure, ok } from '../envelope';
import { ownOrigin } from '../http/own-origin';

export { ownOrigin } from '../http/own-origin';

/** Whether the page calling (its `Origin`) may use the chat: the portal's own, or a partner's. */
export function originCheck(partnerOrigins: readonly string[]) {
  const partners = new Set(partnerOrigins);
  return (req: Request) => {
    const origin = req.get('Origin');
    return origin === undefined || origin === ownOrigin(req) || partners.has(origin);
  };
}

/**
 * `GET /api/chat/access`: whether the calling page's origin may use the chat,
 * answered to any origin, and with 200 either way: `chat.js` asks before it shows
 * the launcher on another origin, and a refusal as an error status would be one
 * more error in that page's console.
 */
export function accessAnswer(partnerOrigins: readonly string[]) {
  const allowed = originCheck(partnerOrigins);
  return (req: Request, res: Response) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cache-Control', 'no-store');
    ok(res, { allowed: allowed(req) });
  };
}

/**
 * Only the portal's own pages and the partner origins in the configuration may
 * use the chat. CORS alone would only hide the answer from other origins, while a
 * message would still be stored: so any other `Origin` is refused outright, with
 * CORS headers on the refusal itself, so the widget on that page can say why
 * instead of retrying a "network error" forever.
 */
export function allowOrigins(partnerOrigins: readonly string[]) {
  const allowed = originCheck(partnerOrigins);
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.get('Origin');
    if (origin) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      // A refusal's wait (a limit reached): the page says it, and waits as long before trying again.
      res.setHeader('Access-Control-Expose-Headers', 'Retry-After');
      res.vary('Origin');
    }
    if (req.method === 'OPTIONS') {
      // The preflight only asks; the request that follows is checked below.
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST');
      res.setHeader(
        'Access-Control-Allow-Headers',
        'Authorization, Content-Type, Cache-Control, Last-Event-ID, X-Chat-Visitor, companyId',
      );
      res.setHeader('Access-Control-Max-Age', '600');
      return void res.status(204).end();
    }
    if (!allowed(req)) return next(new ApiFailure(403, 'E0403', '该网站未获准使用在线客服'));
    next();
  };
}
