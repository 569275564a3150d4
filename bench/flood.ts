import { spawn } from 'node:child_process';
import { request } from 'node:http';
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
  const args = ['--import', 'tsx', script, url, kind, from, String(connections), String(seconds), String(rate)];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const result = new Promise<ClientResult>((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (data) => {
      stdout += data;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        const result = JSON.parse(stdout);
        const statuses = result.statusCodeStats as Record<string, { count: number }>;
        resolve({
          requestsPerSecond: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          statuses: Object.fromEntries(Object.entries(statuses).map(([status, { count }]) => [status, count])),
          lost: result.errors,
        });
      } catch {
        reject(new Error(`the ${kind} client exited with ${code}: ${stdout.slice(0, 500)}`));
      }
    });
  });
  return { result, stop: () => child.kill('SIGTERM') };
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
