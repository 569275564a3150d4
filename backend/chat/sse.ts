import type { Request, Response } from 'express';
import {
  DEFAULT_STREAM_IDLE_MS,
  DEFAULT_STREAMS_PER_ADDRESS,
  DEFAULT_STREAMS_PER_VISITOR,
  openFileLimit,
  StreamCounts,
  type StreamLimitSettings,
  type StreamRefusal,
  streamsInTotal,
} from './stream-limits';

/** How often a quiet stream sends a comment, so proxies and browsers keep it open. */
const HEARTBEAT_MS = 20_000;
/** What a browser's EventSource waits before reconnecting (our own client uses its own backoff). */
const RETRY_MS = 2_000;
/** When the server stops: soon, spread so the streams of one instance do not all land on another at once. */
const stoppingRetryMs = () => 500 + Math.floor(Math.random() * 2_000);

export interface EventStream {
  send(event: string, data: unknown, id?: number): void;
  /** Runs when the client goes away. */
  onClose(cleanup: () => void): void;
  /** Ends the stream; the client reconnects and resumes after its last id. */
  end(): void;
}

/**
 * The open streams of one chat service: counted for the metrics, and ended
 * together when the server stops, each with a `retry:` hint, so the browser
 * reconnects (to another instance) instead of seeing an error.
 */
export class EventStreams {
  private readonly open = new Set<Response>();
  private stopping = false;
  readonly limits: StreamLimitSettings;
  private readonly counts: StreamCounts;

  constructor(limits: Partial<StreamLimitSettings> = {}) {
    this.limits = {
      perVisitor: limits.perVisitor ?? DEFAULT_STREAMS_PER_VISITOR,
      perAddress: limits.perAddress ?? DEFAULT_STREAMS_PER_ADDRESS,
      total: limits.total ?? streamsInTotal(openFileLimit()),
      idleMs: limits.idleMs ?? DEFAULT_STREAM_IDLE_MS,
    };
    this.counts = new StreamCounts(this.limits);
  }

  /** Streams refused since the start, by reason. */
  get refused(): Readonly<Record<StreamRefusal['reason'], number>> {
    return this.counts.refused;
  }

  /**
   * Counts a stream about to open for `visitor` (an agent has none) from
   * `address`, or says why it may not: its release is given to `openEventStream`.
   */
  admit(visitor?: string, address?: string): { release: () => void } | StreamRefusal {
    return this.counts.admit(visitor, address);
  }

  get size(): number {
    return this.open.size;
  }

  /**
   * Ends the streams open now, each with a `retry:` hint: they reconnect and
   * resume from the database (after the link to the other instances was lost).
   */
  restartAll(): void {
    for (const res of this.open) endWithRetry(res);
  }

  /** Ends every stream now, and any opened from now on as soon as it opens. */
  endAll(): void {
    this.stopping = true;
    for (const res of this.open) endWithRetry(res);
  }

  add(res: Response): void {
    if (this.stopping) return void endWithRetry(res);
    this.open.add(res);
    res.on('close', () => this.open.delete(res));
  }
}

function endWithRetry(res: Response) {
  if (!res.writableEnded) res.end(`retry: ${stoppingRetryMs()}\n\n`);
}

/** The id a reconnecting client saw last: `Last-Event-ID`, or `lastEventId` in the query. */
export function lastEventId(req: Request): number {
  const raw = req.get('Last-Event-ID') ?? (typeof req.query.lastEventId === 'string' ? req.query.lastEventId : '');
  return /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
}

export interface StreamOptions {
  /** Uncounts the stream (from `EventStreams.admit`) when it closes. */
  release?: () => void;
  /**
   * Ends the stream after this long with no message, saying `idle` first: the
   * page opens another when its visitor acts. Agents' streams do not idle.
   */
  idleMs?: number;
}

/**
 * Opens a Server-Sent Events stream, one of `streams`. `no-transform` keeps
 * the compression middleware from buffering it; every event is written at once.
 */
export function openEventStream(
  req: Request,
  res: Response,
  streams: EventStreams,
  options: StreamOptions = {},
): EventStream {
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
  res.write(`retry: ${RETRY_MS}\n\n`);
  // An ended stream (the server stopping) takes no more writes: one would be an error.
  const write = (text: string) => void (res.writableEnded || res.write(text));
  const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
  let idle: ReturnType<typeof setTimeout> | undefined;
  const restartIdle = () => {
    if (options.idleMs === undefined) return;
    clearTimeout(idle);
    idle = setTimeout(() => {
      write('event: idle\ndata: {}\n\n');
      if (!res.writableEnded) res.end();
    }, options.idleMs);
  };
  restartIdle();
  const cleanups: Array<() => void> = [() => clearInterval(heartbeat), () => clearTimeout(idle)];
  if (options.release) cleanups.push(options.release);
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    for (const cleanup of cleanups) cleanup();
  };
  req.on('close', close);
  res.on('close', close);
  streams.add(res);
  return {
    send(event, data, id) {
      if (event === 'message') restartIdle();
      // JSON has no raw line breaks, so one `data:` line carries it.
      write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    onClose(cleanup) {
      if (closed) return void cleanup();
      cleanups.push(cleanup);
    },
    end() {
      if (!res.writableEnded) res.end();
    },
  };
}

/**
 * Sends what the store holds after the stream's place (`backlog`), then each
 * message published live (`subscribe`). Live ones that arrive while the backlog
 * is read wait for it, so none falls between the two and none jumps ahead of
 * older ones (`deliver` skips what was already sent). A backlog that cannot be
 * read ends the stream: the client reconnects and resumes from its last id.
 */
export function following<M extends { id: number }>(
  stream: EventStream,
  deliver: (message: M) => void,
  subscribe: (listener: (message: M) => void) => () => void,
  backlog: () => Promise<M[]>,
): void {
  let held: M[] | undefined = [];
  stream.onClose(subscribe((message) => (held ? held.push(message) : deliver(message))));
  backlog().then(
    (messages) => {
      const live = held ?? [];
      held = undefined;
      for (const message of [...messages, ...live]) deliver(message);
    },
    () => stream.end(),
  );
}
