import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino } from 'pino';
import { pinoHttp } from 'pino-http';

export type Logger = ReturnType<typeof createLogger>;

export function createLogger(level: string) {
  return pino({ level, base: undefined });
}

const MAX_LOGGED_URL = 200;

/**
 * One short line per request: method, address (cut to a sane length) and status.
 * Headers stay out of the logs: they carry cookies and tokens.
 */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    serializers: {
      req: (req: IncomingMessage & { id?: unknown }) => ({
        id: req.id,
        method: req.method,
        url: req.url && req.url.length > MAX_LOGGED_URL ? `${req.url.slice(0, MAX_LOGGED_URL)}…` : req.url,
      }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
  });
}
