import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino } from 'pino';
import { pinoHttp } from 'pino-http';

export type Logger = ReturnType<typeof createLogger>;

/** Bytes of lines waiting to be written, at most: past them (the log's reader stopped, a flood) lines are dropped. */
export const LOG_BUFFER_BYTES = 16 * 1024 * 1024;

/**
 * JSON lines on standard output, written off the request's path: a line per
 * request written as it was made cost a kept page about a quarter of its
 * throughput at `info`. Lines made while a write is under way go out together
 * with the next; what is left is written before the process exits. What waits
 * is bounded (`LOG_BUFFER_BYTES`): a reader that stops must not fill the
 * server's memory, as a blocking write would have stopped the server instead.
 */
export function createLogger(level: string, { sync = false }: { sync?: boolean } = {}) {
  return pino({ level, base: undefined }, pino.destination({ dest: 1, sync, maxLength: LOG_BUFFER_BYTES }));
}

/** Levels that say more than `info`: a start log follows them; any other says `info` at least. */
const CHATTIER_THAN_INFO = new Set(['debug', 'trace']);

/**
 * The lines of a start and a stop (which data opened, where each part listens, that it
 * stopped, or the one line saying why it could not start): JSON like every other line,
 * and written whatever LOG_LEVEL says (an operator always needs them; `silent` too).
 */
export function createStartLog(level = 'info') {
  // As they are made: a start that fails exits on its line.
  return createLogger(CHATTIER_THAN_INFO.has(level) ? level : 'info', { sync: true });
}

const MAX_LOGGED_URL = 200;

/** Query parameters whose values are secrets: tokens and codes of the account service, passwords, states. */
const SECRET_PARAMETER = /token|code|password|secret|ticket|state|verifier|session|key/i;

/**
 * An address as it may be logged: the value of every secret-looking query
 * parameter replaced (the spec's logout and refresh carry tokens in the
 * address), and cut to a sane length.
 */
export function loggableUrl(url = '/'): string {
  const at = url.indexOf('?');
  let safe = url;
  if (at >= 0) {
    const query = url
      .slice(at + 1)
      .split('&')
      .map((pair) => {
        const eq = pair.indexOf('=');
        const name = eq < 0 ? pair : pair.slice(0, eq);
        return eq >= 0 && SECRET_PARAMETER.test(safeDecode(name)) ? `${name}=[redacted]` : pair;
      });
    safe = `${url.slice(0, at)}?${query.join('&')}`;
  }
  return safe.length > MAX_LOGGED_URL ? `${safe.slice(0, MAX_LOGGED_URL)}…` : safe;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * One short line per request: method, address (secrets redacted, cut to a sane
 * length) and status. Headers stay out of the logs: they carry cookies and tokens.
 */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    serializers: {
      req: (req: IncomingMessage & { id?: unknown }) => ({
        id: req.id,
        method: req.method,
        url: loggableUrl(req.url),
      }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
  });
}
