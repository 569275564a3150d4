import { SIGNED_VISITOR_PATTERN, UNKNOWN_VISITOR, VISITOR_SECRET_PATTERN } from '../../contract/ids';
import { VISITOR_KEY } from '../chat-launcher/types';

const stored = () => {
  try {
    return localStorage.getItem(VISITOR_KEY);
  } catch {
    return null; // no storage (a sandboxed frame): the id lasts for this page
  }
};

/** No visitor id: the service's answer (its status, 200 when it was not an id). */
export class VisitorIdRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * This browser's anonymous visitor id, as the chat service issued and signed
 * it: kept in storage, asked for on first use. A browser that kept an unsigned
 * id from before sends it along, and keeps its conversation.
 */
export class VisitorId {
  private asked?: Promise<string>;
  /** The id in hand, for a page without storage. */
  private id?: string;

  constructor(private readonly base: string) {}

  /** The id to send as `X-Chat-Visitor`; rejects while the service cannot issue one (the caller retries). */
  get(): Promise<string> {
    const kept = stored() ?? this.id ?? null;
    if (kept && SIGNED_VISITOR_PATTERN.test(kept)) return Promise.resolve(kept);
    this.asked ??= this.ask(kept).finally(() => {
      this.asked = undefined;
    });
    return this.asked;
  }

  /** The service no longer knows the kept id (its secret changed): the next `get` asks for a new one. */
  forget(): void {
    this.id = undefined;
    try {
      localStorage.removeItem(VISITOR_KEY);
    } catch {}
  }

  private async ask(kept: string | null): Promise<string> {
    const previous = kept && VISITOR_SECRET_PATTERN.test(kept) ? kept : undefined;
    const response = await fetch(`${this.base}/visitors`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(previous ? { previous } : {}),
    });
    const body = await response.json().catch(() => ({}));
    const id = body?.result?.visitor;
    if (!response.ok || typeof id !== 'string' || !SIGNED_VISITOR_PATTERN.test(id))
      throw new VisitorIdRefused(response.status, typeof body?.msg === 'string' ? body.msg : `HTTP ${response.status}`);
    this.id = id;
    try {
      localStorage.setItem(VISITOR_KEY, id);
    } catch {}
    return id;
  }
}

/** Whether an answer says the visitor id is one the service did not sign. */
export const isUnknownVisitor = (status: number, code: unknown) => status === 401 && code === UNKNOWN_VISITOR;

/** Remembered per browser: the last message seen with the panel open, and the page of the last card. */
export const memory = {
  get(key: 'seen' | 'card-url'): string | null {
    try {
      return localStorage.getItem(`portal.chat.${key}`);
    } catch {
      return null;
    }
  },
  set(key: 'seen' | 'card-url', value: string): void {
    try {
      localStorage.setItem(`portal.chat.${key}`, value);
    } catch {}
  },
};
