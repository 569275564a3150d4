import { request } from 'node:http';
import { startPortalProcess } from '../e2e/portal-process';
import { NOT_FOUND_LIMIT, RENDER_LIMIT } from '../host/routes/rate-limit';
import { clientProcess } from './client-process';
import type { FloodKind } from './flood-client';

/** Seconds the visitors are measured, idle and during each flood. */
export const FLOOD_SECONDS = 5;
/** How long a flood may take to spend its address's allowance before the visitors are measured anyway. */
const ALLOWANCE_WAIT_MS = 20_000;
/** How long the flood goes on refused before the visitors are measured: past the garbage of its real answers. */
const SETTLE_MS = 3000;
/** The flooding address and the visitors' address, as the portal sees them (per-address limits). */
export const FLOOD_FROM = '127.0.0.2';
export const VISITORS_FROM = '127.0.0.3';
/** The visitors: connections and their steady rate together, asking for `/`. */
const VISITOR_CONNECTIONS = 10;
const VISITOR_RATE = 200;
/** The flood's connections, each asking again as soon as it is answered. */
export const FLOOD_CONNECTIONS = 20;

export interface ClientResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers by status, e.g. 200, 404, 429. */
  statuses: Record<string, number>;
  /** Requests with no answer within 3 s, and socket errors. */
  lost: number;
}

export interface FloodResult {
  /** The visitors' `/` with nobody else asking. */
  idle: ClientResult;
  /** The visitors' `/` while one address floods, and what that address was answered. */
  during: Array<{ kind: Exclude<FloodKind, 'visitor'>; visitors: ClientResult; flood: ClientResult }>;
}

/** A client in its own process; `seconds` 0 runs until `stop`. */
function client(url: string, kind: FloodKind, from: string, connections: number, seconds: number, rate = 0) {
  const script = new URL('./flood-client.ts', import.meta.url).pathname;
  const run = clientProcess(script, [url, kind, from, String(connections), String(seconds), String(rate)]);
  const result = run.result.then(
    ({ requestsPerSecond, p50, p99, statuses, errors }): ClientResult => ({
      requestsPerSecond,
      p50,
      p99,
      statuses,
      lost: errors,
    }),
  );
  return { result, stop: run.stop };
}

const visitors = (url: string) =>
  client(url, 'visitor', VISITORS_FROM, VISITOR_CONNECTIONS, FLOOD_SECONDS, VISITOR_RATE).result;

/**
 * Waits until the flooding address is refused (429): its allowance of real
 * answers for the minute is spent, and what the visitors are measured beside
 * is what a flood lasting minutes costs everyone else.
 */
async function allowanceSpent(portalUrl: string, kind: Exclude<FloodKind, 'visitor'>) {
  const path = () => (kind === 'search' ? `/api/search?keyword=spent${Math.random()}` : `/spent-${Math.random()}`);
  const until = Date.now() + ALLOWANCE_WAIT_MS;
  while (Date.now() < until) {
    const status = await new Promise<number>((resolve) =>
      request(`${portalUrl}${path()}`, { localAddress: FLOOD_FROM }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', () => resolve(0))
        .end(),
    );
    if (status === 429) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * One address floods what cannot be kept (per-address limits, host/routes/rate-limit.ts) while
 * visitors from another address ask for the home page at a steady rate: their
 * p99 idle, then during a flood of junk 404s, then of search API calls.
 */
export async function measureFlood(portalUrl: string): Promise<FloodResult> {
  // A fresh portal's first seconds (its first renders, the JIT, the first collections) are not
  // what a visitor meets later: the visitors ask once before their idle figure is taken.
  await visitors(portalUrl);
  const idle = await visitors(portalUrl);
  const during: FloodResult['during'] = [];
  for (const kind of ['not-found', 'search'] as const) {
    const flooding = client(portalUrl, kind, FLOOD_FROM, FLOOD_CONNECTIONS, 0);
    await allowanceSpent(portalUrl, kind);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const measured = await visitors(portalUrl);
    flooding.stop();
    during.push({ kind, visitors: measured, flood: await flooding.result });
  }
  return { idle, during };
}

/**
 * The flood run on a portal of its own, started with the per-address limits a
 * production start has: the suites' portal (the other rows') loosens them, since
 * its clients all come from one address, and a flood it never refuses would
 * measure nothing of the limits.
 */
export async function measureFloodOnItsOwnPortal(): Promise<FloodResult> {
  const portal = await startPortalProcess(3, {
    env: { RENDER_LIMIT_PER_ADDRESS: String(RENDER_LIMIT), NOT_FOUND_LIMIT_PER_ADDRESS: String(NOT_FOUND_LIMIT) },
  });
  try {
    return await measureFlood(portal.url);
  } finally {
    await portal.stop();
  }
}
