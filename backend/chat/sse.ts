import type { Request, Response } from 'express';

/** How often a quiet stream sends a comment, so proxies and browsers keep it open. */
const HEARTBEAT_MS = 20_000;
/** What a browser's EventSource waits before reconnecting (our own client uses its own backoff). */
const RETRY_MS = 2_000;

export interface EventStream {
  send(event: string, data: unknown, id?: number): void;
  /** Runs when the client goes away. */
  onClose(cleanup: () => void): void;
}

/** The id a reconnecting client saw last: `Last-Event-ID`, or `lastEventId` in the query. */
export function lastEventId(req: Request): number {
  const raw = req.get('Last-Event-ID') ?? (typeof req.query.lastEventId === 'string' ? req.query.lastEventId : '');
  return /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
}

/**
 * Opens a Server-Sent Events stream. `no-transform` keeps the compression
 * middleware from buffering it; every event is written at once.
 */
export function openEventStream(req: Request, res: Response): EventStream {
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
  res.write(`retry: ${RETRY_MS}\n\n`);
  const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
  const cleanups: Array<() => void> = [() => clearInterval(heartbeat)];
  req.on('close', () => {
    for (const cleanup of cleanups) cleanup();
  });
  return {
    send(event, data, id) {
      // JSON has no raw line breaks, so one `data:` line carries it.
      res.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    onClose(cleanup) {
      cleanups.push(cleanup);
    },
  };
}
