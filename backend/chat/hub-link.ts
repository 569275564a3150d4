import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { ChatMessage } from './store';

/** What one instance's hub tells the others. */
export type HubSignal =
  | { kind: 'message'; message: ChatMessage }
  /** A message too large for a notification: the others read it from the database. */
  | { kind: 'stored'; id: number; conversationId: number }
  | { kind: 'opened'; visitorKey: string; conversationId: number }
  /** How many agents have this instance's inbox open now (sent on change, and again every heartbeat). */
  | { kind: 'agents'; count: number }
  /** A new instance asks the others how many agents they have. */
  | { kind: 'hello' }
  /** Published content changed: the pages it shows on (the link is the instances' one channel; the chat ignores it). */
  | { kind: 'content'; paths: string[] };

/** The hubs of every instance on one database, joined. */
export interface HubLink {
  /** This instance's name among the others. */
  readonly id: string;
  send(signal: HubSignal): void;
  /** Signals from the other instances (never this one's own). */
  onSignal(listener: (from: string, signal: HubSignal) => void): void;
  /** After the connection was lost and is back: what was sent meanwhile was not heard. */
  onResumed(listener: () => void): void;
  close(): Promise<void>;
}

const CHANNEL = 'portal_chat';
/** A notification's payload must stay under 8000 bytes; a larger message goes by its id. */
const MAX_PAYLOAD = 7_500;
const RECONNECT_MS = [100, 500, 1_000, 2_000, 5_000];

/**
 * PostgreSQL's LISTEN/NOTIFY between instances: one connection of its own
 * listens and sends, so this instance's signals go out in the order it sent
 * them. A lost connection is made again (backing off up to 5 s); the hub is
 * then told (`onResumed`), so streams can resume from the database.
 */
export async function postgresHubLink(url: string): Promise<HubLink> {
  const id = randomUUID();
  const listeners: Array<(from: string, signal: HubSignal) => void> = [];
  const resumed: Array<() => void> = [];
  let client: pg.Client | undefined;
  let closed = false;
  let failures = 0;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('error', () => {}); // 'end' follows, and reconnects
    next.on('notification', ({ payload }) => {
      if (!payload) return;
      let parsed: { from: string; signal: HubSignal };
      try {
        parsed = JSON.parse(payload);
      } catch {
        return;
      }
      if (parsed.from === id) return;
      for (const listener of listeners) listener(parsed.from, parsed.signal);
    });
    next.on('end', () => {
      if (client === next) client = undefined;
      if (!closed) reconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    client = next;
  };
  const reconnect = () => {
    const delay = RECONNECT_MS[Math.min(failures++, RECONNECT_MS.length - 1)];
    setTimeout(() => {
      if (closed) return;
      connect().then(() => {
        failures = 0;
        for (const listener of resumed) listener();
      }, reconnect);
    }, delay).unref();
  };
  await connect();

  return {
    id,
    send(signal) {
      let payload = JSON.stringify({ from: id, signal });
      if (Buffer.byteLength(payload) > MAX_PAYLOAD && signal.kind === 'message')
        payload = JSON.stringify({
          from: id,
          signal: { kind: 'stored', id: signal.message.id, conversationId: signal.message.conversationId },
        });
      // Lost while the connection is down: the streams resume from the database once it is back.
      client?.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]).catch(() => {});
    },
    onSignal: (listener) => void listeners.push(listener),
    onResumed: (listener) => void resumed.push(listener),
    async close() {
      closed = true;
      await client?.end().catch(() => {});
    },
  };
}
