import { readFileSync } from 'node:fs';
/**
 * What the cluster suite puts through nginx while instances are killed and
 * restarted: page and API reads (`readLoad`), and chat visitors who follow their
 * conversation's live stream, reconnecting after `Last-Event-ID` as the widget
 * does, while an agent replies (`chatLoad`).
 */

/** A failed request: an answer of 500 or more, or none at all. */
export interface Failure {
  path: string;
  at: number;
  status?: number;
  error?: string;
}

export interface ReadLoad {
  readonly requests: number;
  readonly failures: Failure[];
  stop(): Promise<void>;
}

/** `workers` loops of GETs through `url` until stopped: pages, the API (signed in with `token`) and a probe. */
export function readLoad(url: string, options: { workers: number; token: string }): ReadLoad {
  const paths = ['/', '/product/1', '/solution/1', '/news', '/api/openapi.json', '/healthz'];
  const state = { requests: 0, failures: [] as Failure[], running: true };
  const worker = async (index: number) => {
    for (let n = index; state.running; n++) {
      const signedIn = n % 4 === 3;
      const path = signedIn
        ? '/api-kernel-portal/api/sys-users/common-login-info'
        : (paths[n % paths.length] as string);
      try {
        const res = await fetch(`${url}${path}`, {
          headers: signedIn ? { Authorization: `Bearer ${options.token}` } : {},
          signal: AbortSignal.timeout(15_000),
        });
        await res.arrayBuffer();
        if (res.status >= 500 || (signedIn && res.status !== 200))
          state.failures.push({ path, at: Date.now(), status: res.status });
      } catch (error) {
        state.failures.push({ path, at: Date.now(), error: String((error as Error).cause ?? error) });
      }
      state.requests++;
    }
  };
  const workers = Array.from({ length: options.workers }, (_, index) => worker(index));
  return {
    get requests() {
      return state.requests;
    },
    failures: state.failures,
    async stop() {
      state.running = false;
      await Promise.all(workers);
    },
  };
}

/** A visitor's view of its conversation's live stream, across reconnections. */
export interface Visitor {
  secret: string;
  conversationId: number;
  /** Ids of the messages the stream delivered, in order (a message seen twice is here twice). */
  received: number[];
  /** How many times the stream was opened again after it ended or broke. */
  reconnects: number;
  close(): void;
}

/** Follows `/api/chat/events` through `url` like the widget: on an end or a break, again after the `retry:` hint, from `Last-Event-ID`. */
export async function visitor(url: string, secret: string, firstText: string): Promise<Visitor> {
  const headers = { 'Content-Type': 'application/json', 'X-Chat-Visitor': secret };
  const started = await fetch(`${url}/api/chat/messages`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ kind: 'text', text: firstText }),
  });
  const conversationId = ((await started.json()) as { result: { conversationId: number } }).result.conversationId;
  const controller = new AbortController();
  const self: Visitor = { secret, conversationId, received: [], reconnects: 0, close: () => controller.abort() };
  let lastId = 0;
  let retryMs = 2_000;
  const follow = async () => {
    while (!controller.signal.aborted) {
      try {
        const res = await fetch(`${url}/api/chat/events`, {
          headers: { 'X-Chat-Visitor': secret, ...(lastId ? { 'Last-Event-ID': String(lastId) } : {}) },
          signal: controller.signal,
        });
        const reader = (res.body as ReadableStream<Uint8Array>).getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const retry = /^retry: (\d+)$/m.exec(block)?.[1];
            if (retry) retryMs = Number(retry);
            const id = /^id: (\d+)$/m.exec(block)?.[1];
            if (id && /^event: message$/m.test(block)) {
              lastId = Number(id);
              self.received.push(lastId);
            }
          }
        }
      } catch {
        // A broken stream (its instance killed): opened again below, as after an end.
      }
      if (controller.signal.aborted) return;
      self.reconnects++;
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  };
  void follow();
  return self;
}

export interface AgentReplies {
  /** Ids of the replies the service confirmed, by conversation. */
  confirmed: Map<number, number[]>;
  /** Posts of replies that got no answer or a 502 (each sent again with the same `clientId`). */
  resent: number;
  stop(): Promise<void>;
}

/** An agent replying to each conversation in turn, through `url`; a reply without an answer is sent again with its `clientId` (stored once). */
export function agentReplies(url: string, cookie: string, conversations: readonly number[]): AgentReplies {
  const state = { running: true, resent: 0 };
  const confirmed = new Map<number, number[]>(conversations.map((id) => [id, []]));
  const post = async (conversationId: number, clientId: string, text: string) => {
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 20; attempt++) {
      try {
        const res = await fetch(`${url}/chat/agent/api/conversations/${conversationId}/messages`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: url, Cookie: cookie },
          body: JSON.stringify({ text, clientId }),
          signal: AbortSignal.timeout(10_000),
        });
        if (res.ok) return ((await res.json()) as { result: { id: number } }).result.id;
        outcomes.push(`${res.status} ${await res.text()}`);
      } catch (error) {
        // No answer: sent again, the same clientId makes it one message.
        outcomes.push(String((error as Error).cause ?? error));
      }
      state.resent++;
      // Backing off as the widget does: a dead instance's kept connections fail a POST at once, one each.
      await new Promise((resolve) => setTimeout(resolve, 50 * (attempt + 1)));
    }
    throw new Error(`reply ${clientId} was never confirmed: ${outcomes.join('; ')}`);
  };
  const loop = async () => {
    for (let n = 1; state.running; n++) {
      const round = Date.now();
      for (const conversationId of conversations) {
        const id = await post(conversationId, `reply-${conversationId}-${n}`, `第 ${n} 条回复`);
        confirmed.get(conversationId)?.push(id);
      }
      // About ten replies a second to each visitor: a busy agent, not a flood.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 100 - (Date.now() - round))));
    }
  };
  const running = loop();
  return {
    confirmed,
    get resent() {
      return state.resent;
    },
    async stop() {
      state.running = false;
      await running;
    },
  };
}

/**
 * Requests an instance has been sent and not read yet: its established
 * connections on `port` with bytes waiting (while it is paused, every request
 * nginx passed to it).
 */
export function requestsWaitingAt(port: number): number {
  const suffix = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  let waiting = 0;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6'])
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const [, local, , state, queues] = line.trim().split(/\s+/);
      if (local?.endsWith(suffix) && state === '01' && Number.parseInt(queues?.split(':')[1] ?? '0', 16) > 0) waiting++;
    }
  return waiting;
}
