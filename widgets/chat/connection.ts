import type { ChatMessage, ConnectionStatus, Outgoing } from './types';
import { isUnknownVisitor, VisitorIdRefused } from './visitor';

export interface ConnectionOptions {
  /** The chat API, e.g. `https://portal.example/api/chat`. */
  base: string;
  /** Who the visitor is: `X-Chat-Visitor`, and `Authorization` when signed in (rejects while no visitor id can be had). */
  headers(): Promise<Record<string, string>>;
  /** The service did not know the visitor id: the next `headers` brings a new one. */
  unknownVisitor(): void;
  onMessage(message: ChatMessage): void;
  onPresence(online: boolean): void;
  onStatus(status: ConnectionStatus, reason?: string): void;
  /** The id of the last message the caller already has: the stream starts after it (default 0). */
  after?: number;
}

/** A refusal from the chat service, with its reason for the visitor. */
export class ChatRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The envelope's code, when the service sent one. */
    readonly code?: string,
    /** How long the service asked to wait (Retry-After), in ms. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

const MAX_BACKOFF_MS = 10_000;
/** Failed tries in a row (about 15 s of backing off) before the service counts as out of reach. */
const MAX_FAILURES = 6;

/**
 * Answers that say nothing about the message: a proxy's while the instance behind
 * it is gone or restarting (502, 504), or a stopping instance's (503). Like no
 * answer, they are tried again with the same client id, which stores it once.
 */
const PASSING_FAILURES = [502, 503, 504];

/** Reads `{code, msg}` from a failed answer; a plain text fallback otherwise. */
async function refusal(response: Response): Promise<ChatRefusal> {
  const body = await response.json().catch(() => ({}));
  const wait = Number(response.headers.get('Retry-After'));
  return new ChatRefusal(
    response.status,
    typeof body?.msg === 'string' ? body.msg : `HTTP ${response.status}`,
    typeof body?.code === 'string' ? body.code : undefined,
    Number.isFinite(wait) && wait > 0 ? Math.min(wait, 600) * 1000 : undefined,
  );
}

/** An answer that says there is no chat service here (a wrong portal): not a passing failure. */
const isGone = (status: number) => status < 500 && status !== 408 && status !== 429;

/** A wait the service asked for, spread by up to half again, so refused pages do not all come back at once. */
const spread = (ms: number) => ms * (1 + Math.random() / 2);

/** What the visitor does that says they are back: an idle stream opens again then. */
const ACTIVITY = ['pointerdown', 'keydown', 'focus'] as const;

/**
 * The live connection to the built-in chat service: a Server-Sent Events stream
 * read with `fetch` (so it can carry the visitor's headers cross-origin), resumed
 * after the last message id it saw whenever it drops, so nothing is lost; the
 * caller drops what it already has by id, so nothing shows twice.
 */
export class ChatConnection {
  private lastId = 0;
  private failures = 0;
  private controller?: AbortController;
  private retryTimer?: ReturnType<typeof setTimeout>;
  private stopped = false;
  private reported = false;
  /** A new visitor id was asked for since the stream last opened: a second unknown one is a refusal. */
  private renewed = false;
  /** The service ended the stream as idle: it opens again when the visitor acts. */
  private idle = false;
  /** The service asked to wait this long before the next try (a limit reached). */
  private waitMs?: number;

  constructor(private readonly options: ConnectionOptions) {
    this.lastId = options.after ?? 0;
    addEventListener('offline', this.drop);
    addEventListener('online', this.reconnectNow);
  }

  start(): void {
    this.stopped = false;
    void this.run();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.controller?.abort();
    removeEventListener('offline', this.drop);
    removeEventListener('online', this.reconnectNow);
    this.awake();
  }

  /**
   * Sends a message. A network failure (or a passing one, `PASSING_FAILURES`) is retried with the same client id until it
   * gets an answer (the service stores a retried message once), while offline for as
   * long as it takes, online up to `MAX_FAILURES` tries: then it rejects with an empty
   * reason (the service is out of reach). A refusal (too long, too fast) is not
   * retried: it rejects with the service's reason.
   */
  async send(message: Outgoing, clientId: string): Promise<ChatMessage> {
    if (this.idle) this.reconnectNow();
    for (let attempt = 0, failures = 0, renewed = false; ; attempt++) {
      const response = await this.call('/messages', { ...message, clientId });
      if (response && !PASSING_FAILURES.includes(response.status)) {
        if (response.ok) return (await response.json()).result as ChatMessage;
        const refused = await refusal(response);
        if (!renewed && isUnknownVisitor(refused.status, refused.code)) {
          renewed = true;
          this.options.unknownVisitor();
          continue;
        }
        throw refused;
      }
      if (navigator.onLine && ++failures >= MAX_FAILURES) throw new ChatRefusal(0, '');
      await this.online(Math.min(500 * 2 ** attempt, MAX_BACKOFF_MS));
    }
  }

  /** Posts to another call of the service (metadata); refusals reject. */
  async post(path: string, body: unknown): Promise<unknown> {
    const response = await this.call(path, body);
    if (!response) throw new ChatRefusal(0, '');
    if (!response.ok) throw await refusal(response);
    return (await response.json()).result;
  }

  /** A POST with the visitor's headers; undefined when it got no answer (or no visitor id could be had). */
  private async call(path: string, body: unknown): Promise<Response | undefined> {
    try {
      return await fetch(`${this.options.base}${path}`, {
        method: 'POST',
        headers: { ...(await this.options.headers()), 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    } catch {
      return undefined;
    }
  }

  /** Waits `ms`, or less if the browser comes back online. */
  private online(ms: number) {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        removeEventListener('online', done);
        resolve();
      };
      const timer = setTimeout(done, navigator.onLine ? ms : 60_000);
      addEventListener('online', done);
    });
  }

  private async run(): Promise<void> {
    if (this.stopped) return;
    const controller = new AbortController();
    this.controller = controller;
    this.idle = false;
    this.waitMs = undefined;
    this.options.onStatus('connecting');
    try {
      const headers = await this.options.headers().catch((error: unknown) => {
        // No chat service at this address (a wrong portal) issues no visitor id: asking again will not make one.
        if (error instanceof VisitorIdRefused && isGone(error.status)) {
          this.unreachable(`HTTP ${error.status} for a visitor id`);
          return undefined;
        }
        throw error;
      });
      if (!headers) return;
      const response = await fetch(`${this.options.base}/events`, {
        headers: {
          ...headers,
          'Last-Event-ID': String(this.lastId),
          Accept: 'text/event-stream',
        },
        cache: 'no-store',
        signal: controller.signal,
      });
      if (!response.ok || !response.body) {
        const error = await refusal(response);
        // An id the service does not know (its secret changed): a new id, and again at once, once.
        if (isUnknownVisitor(error.status, error.code) && !this.renewed) {
          this.renewed = true;
          this.options.unknownVisitor();
          return this.run();
        }
        // A limit reached (too many tabs, a crowded office, a full instance): wait as asked, not counted as a failure.
        if ((response.status === 429 || response.status === 503) && error.retryAfterMs) {
          this.waitMs = error.retryAfterMs;
          throw error;
        }
        // Refused for good (an origin not on the list, a bad visitor id, a sign-in
        // ended): do not hammer the service.
        if (response.status === 403 || response.status === 400 || response.status === 401) {
          this.options.onStatus('refused', error.message);
          return;
        }
        // No chat service at this address (a wrong portal): asking again will not make one.
        if (isGone(response.status)) return this.unreachable(`HTTP ${response.status}`);
        throw error;
      }
      // An app's own server answering with its page, not the chat service.
      const type = response.headers.get('Content-Type') ?? '';
      if (!type.startsWith('text/event-stream')) {
        void response.body.cancel();
        return this.unreachable(`${type || 'no content type'} instead of an event stream`);
      }
      this.options.onStatus('open');
      this.failures = 0;
      this.renewed = false;
      await this.read(response.body);
    } catch {
      // Dropped: reconnect below.
    }
    if (this.stopped || controller !== this.controller) return;
    if (this.idle) return this.sleep();
    this.options.onStatus('offline');
    if (this.waitMs) {
      this.retryTimer = setTimeout(() => void this.run(), spread(this.waitMs));
      return;
    }
    this.failures++;
    if (navigator.onLine && this.failures >= MAX_FAILURES)
      return this.unreachable(`no answer in ${this.failures} tries`);
    const delay = Math.min(500 * 2 ** (this.failures - 1), MAX_BACKOFF_MS);
    this.retryTimer = setTimeout(() => void this.run(), navigator.onLine ? delay : 60_000);
  }

  /**
   * Stops asking and says so, on the page (the panel and the launcher) and once
   * in the console for whoever set the page up. The browser coming back online
   * tries again.
   */
  private unreachable(why: string) {
    if (!this.reported) {
      this.reported = true;
      console.error(
        `[portal] The chat service at ${this.options.base} cannot be reached (${why}). Is the portal's address right? Set it with configurePortal({ origin }) or <meta name="portal-origin" content="https://…">.`,
      );
    }
    this.options.onStatus('unreachable');
  }

  private async read(body: ReadableStream<Uint8Array>) {
    const reader = body
      .pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>)
      .getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value.replace(/\r\n?/g, '\n');
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        this.dispatch(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
      }
    }
  }

  private dispatch(block: string) {
    let event = 'message';
    let data = '';
    let id: string | undefined;
    for (const line of block.split('\n')) {
      const colon = line.indexOf(':');
      if (colon === 0) continue; // a comment (heartbeat)
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data += data ? `\n${value}` : value;
      else if (field === 'id') id = value;
    }
    if (event === 'idle') this.idle = true;
    if (!data) return;
    const payload = JSON.parse(data);
    if (event === 'presence') this.options.onPresence(!!payload.online);
    if (event !== 'message') return;
    if (id && /^\d+$/.test(id)) this.lastId = Math.max(this.lastId, Number(id));
    this.options.onMessage(payload as ChatMessage);
  }

  /** The network went away: close the stream now rather than wait for a timeout. */
  private readonly drop = () => {
    this.controller?.abort();
  };

  /** Idle: nothing is held open until the visitor acts (or sends). */
  private sleep() {
    this.options.onStatus('idle');
    for (const type of ACTIVITY) addEventListener(type, this.reconnectNow, { capture: true, passive: true });
    document.addEventListener('visibilitychange', this.visible);
  }

  private awake() {
    for (const type of ACTIVITY) removeEventListener(type, this.reconnectNow, { capture: true });
    document.removeEventListener('visibilitychange', this.visible);
  }

  private readonly visible = () => {
    if (document.visibilityState === 'visible') this.reconnectNow();
  };

  private readonly reconnectNow = () => {
    this.awake();
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    this.controller?.abort();
    this.controller = undefined;
    this.failures = 0;
    void this.run();
  };
}
