import { readEventStream } from './event-stream';
import { type PostingOptions, postTo, sendMessage } from './posting';
import { isGone, refusal } from './refusal';
import type { ChatMessage, ConnectionStatus, Outgoing } from './types';
import { isUnknownVisitor, VisitorIdRefused } from './visitor';
import { backoff, MAX_FAILURES, whenVisitorActs } from './waits';

export interface ConnectionOptions extends PostingOptions {
  onMessage(message: ChatMessage): void;
  onPresence(online: boolean): void;
  onStatus(status: ConnectionStatus, reason?: string): void;
  /** The id of the last message the caller already has: the stream starts after it (default 0). */
  after?: number;
}

/** The longest `retry:` taken from the service, as for Retry-After. */
const MAX_RETRY_MS = 600_000;

/** A wait the service asked for, spread by up to half again, so refused pages do not all come back at once. */
const spread = (ms: number) => ms * (1 + Math.random() / 2);

/**
 * The live connection to the built-in chat service: a Server-Sent Events stream
 * read with `fetch` (so it can carry the visitor's headers cross-origin) and
 * parsed by eventsource-parser (`readEventStream`), resumed after the last
 * message id it saw whenever it drops, so nothing is lost; the caller drops what
 * it already has by id, so nothing shows twice. It is shared with the agents'
 * inbox (chat-agent/).
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
  /** The stream's `retry:`: the shortest wait before reconnecting, kept across streams as EventSource keeps it. */
  private retryMs = 0;
  /** Set while idle: stops waiting for the visitor to act. */
  private stopWaiting?: () => void;

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
   * The visitor is someone else now (signed in or out): the stream opens again
   * at once for them, from their conversation's first message.
   */
  restart(): void {
    this.lastId = 0;
    this.renewed = false;
    this.reconnectNow();
  }

  /** Sends a message (see `sendMessage`); an idle stream opens again first. */
  send(message: Outgoing, clientId: string): Promise<ChatMessage> {
    if (this.idle) this.reconnectNow();
    return sendMessage(this.options, message, clientId);
  }

  /** Posts to another call of the service (metadata); refusals reject. */
  post(path: string, body: unknown): Promise<unknown> {
    return postTo(this.options, path, body);
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
    // Never sooner than the service asked (a stopping instance spreads its streams' returns), and slower as tries keep failing.
    const delay = Math.max(this.retryMs, backoff(this.failures - 1));
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

  private read(body: ReadableStream<Uint8Array>) {
    return readEventStream(body, {
      onRetry: (ms) => {
        this.retryMs = Math.min(ms, MAX_RETRY_MS);
      },
      onEvent: ({ event = 'message', data, id }) => {
        if (event === 'idle') this.idle = true;
        if (!data) return;
        const payload = JSON.parse(data);
        if (event === 'presence') this.options.onPresence(!!payload.online);
        if (event !== 'message') return;
        if (id && /^\d+$/.test(id)) this.lastId = Math.max(this.lastId, Number(id));
        this.options.onMessage(payload as ChatMessage);
      },
    });
  }

  /** The network went away: close the stream now rather than wait for a timeout. */
  private readonly drop = () => {
    this.controller?.abort();
  };

  /** Idle: nothing is held open until the visitor acts (or sends). */
  private sleep() {
    this.options.onStatus('idle');
    this.stopWaiting = whenVisitorActs(this.reconnectNow);
  }

  private awake() {
    this.stopWaiting?.();
    this.stopWaiting = undefined;
  }

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
