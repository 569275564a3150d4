import { readFileSync } from 'node:fs';
import { ipKeyGenerator } from 'express-rate-limit';
import { HttpError } from '../../contract/http-error';

/**
 * How many chat streams one instance holds open: each is a socket, a file
 * descriptor, for as long as a visitor's page is open. Without bounds, one
 * address making up visitors used every descriptor, and then nothing, not even
 * `/healthz`, could connect.
 */
export interface StreamLimitSettings {
  /** Streams of one visitor (its tabs), default 6. */
  perVisitor: number;
  /** Streams from one address (an office shares one), default 100. */
  perAddress: number;
  /** Streams in all, default: from the file-descriptor limit (`streamsInTotal`). */
  total: number;
  /** A stream with no message for this long ends; the page opens another when its visitor acts (default 30 min). */
  idleMs: number;
}

export const DEFAULT_STREAMS_PER_VISITOR = 6;
export const DEFAULT_STREAMS_PER_ADDRESS = 100;
export const DEFAULT_STREAM_IDLE_MS = 30 * 60_000;
/** The most streams in all when the descriptors allow more: memory ends it next (about 35 KB a stream). */
export const MAX_STREAMS_IN_TOTAL = 20_000;
/** How long a refused stream is asked to wait before trying again, in seconds. */
export const STREAM_RETRY_AFTER_S = 30;

/** The soft "Max open files" of this process (Node raises it to the hard one at start), if the system says. */
export function openFileLimit(limits = readProcLimits()): number | undefined {
  const figure = /^Max open files\s+(\d+)/m.exec(limits ?? '')?.[1];
  return figure ? Number(figure) : undefined;
}

function readProcLimits(): string | undefined {
  try {
    return readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return undefined; // not Linux
  }
}

/**
 * The streams the descriptors leave room for: a quarter of them (at least 256)
 * stays for pages, probes, the database and logs; and no more than
 * `MAX_STREAMS_IN_TOTAL`.
 */
export function streamsInTotal(fileLimit: number | undefined): number {
  if (fileLimit === undefined) return MAX_STREAMS_IN_TOTAL;
  const reserve = Math.max(256, Math.floor(fileLimit / 4));
  return Math.max(0, Math.min(MAX_STREAMS_IN_TOTAL, fileLimit - reserve));
}

export type StreamRefusalReason = 'visitor' | 'address' | 'total';

/** A stream not opened: 429 when the visitor or the address has its share, 503 when the instance is full. */
export class StreamRefusal extends HttpError {
  constructor(
    readonly reason: StreamRefusalReason,
    status: 429 | 503,
    message: string,
  ) {
    super(status, message);
  }
}

const REFUSALS: Record<StreamRefusalReason, StreamRefusal> = {
  visitor: new StreamRefusal('visitor', 429, '打开的聊天窗口过多，请关闭一些页面后再试'),
  address: new StreamRefusal('address', 429, '来自同一网络的聊天连接过多，请稍后再试'),
  total: new StreamRefusal('total', 503, '客服连接繁忙，请稍后再试'),
};

/** The key of an address for counting: an IPv6 address counts by its /56, as one household or office. */
export const addressKey = (address: string) => ipKeyGenerator(address);

/**
 * The count of open streams by visitor and by address, and the decision to
 * open one more. `admit` counts a stream at once (so a burst cannot all pass
 * one check); the release it returns uncounts it, once.
 */
export class StreamCounts {
  private readonly byVisitor = new Map<string, number>();
  private readonly byAddress = new Map<string, number>();
  private open = 0;
  /** Streams refused, by reason, since the start: for the metrics. */
  readonly refused: Record<StreamRefusalReason, number> = { visitor: 0, address: 0, total: 0 };

  constructor(private readonly limits: Pick<StreamLimitSettings, 'perVisitor' | 'perAddress' | 'total'>) {}

  get size(): number {
    return this.open;
  }

  /** Counts a stream of `visitor` from `address` (each optional: an agent's has neither), or says why not. */
  admit(visitor?: string, address?: string): { release: () => void } | StreamRefusal {
    const from = address === undefined ? undefined : addressKey(address);
    const reason: StreamRefusalReason | undefined =
      this.open >= this.limits.total
        ? 'total'
        : from !== undefined && (this.byAddress.get(from) ?? 0) >= this.limits.perAddress
          ? 'address'
          : visitor !== undefined && (this.byVisitor.get(visitor) ?? 0) >= this.limits.perVisitor
            ? 'visitor'
            : undefined;
    if (reason) {
      this.refused[reason]++;
      return REFUSALS[reason];
    }
    this.open++;
    if (from !== undefined) bump(this.byAddress, from, 1);
    if (visitor !== undefined) bump(this.byVisitor, visitor, 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.open--;
        if (from !== undefined) bump(this.byAddress, from, -1);
        if (visitor !== undefined) bump(this.byVisitor, visitor, -1);
      },
    };
  }
}

function bump(counts: Map<string, number>, key: string, by: number) {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}

/**
 * Says something at most once per key per `everyMs`: a flood of refusals from
 * one address is one log line a minute, not one per request. Keys whose minute
 * has passed are forgotten, so the memory stays small.
 */
export function oncePer<T>(everyMs: number, say: (key: string, detail: T) => void, now = Date.now) {
  const said = new Map<string, number>();
  return (key: string, detail: T) => {
    const at = now();
    const last = said.get(key);
    if (last !== undefined && at - last < everyMs) return;
    if (said.size >= 10_000) for (const [k, t] of said) if (at - t >= everyMs) said.delete(k);
    if (said.size >= 10_000) said.clear();
    said.set(key, at);
    say(key, detail);
  };
}
