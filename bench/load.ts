import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { BROWSER_ACCEPT_ENCODING } from './http';

/** Seconds per measured run; 8 routes x 2 servers x 2 connection counts keep the whole bench under 10 minutes. */
export const LOAD_SECONDS = 5;
/** A short unmeasured run first, so neither server is measured while its JIT is still cold. */
const WARMUP_SECONDS = 1;

export interface LoadResult {
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Requests that got something other than 2xx, and socket errors and timeouts. */
  non2xx: number;
  errors: number;
}

interface AutocannonJson {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  latency: { p50: number; p99: number };
  requests: { average: number };
}

const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/**
 * What a run asks for: `browser` sends a browser-like Accept-Encoding (without it
 * pages would go out uncompressed, which no browser asks for); `plain` sends none,
 * as autocannon does by default (and outside comparisons measure with).
 */
export type Encoding = 'browser' | 'plain';

/** Runs autocannon in its own process, so the load generator never shares an event loop with what it measures. */
function autocannon(url: string, connections: number, seconds: number, encoding: Encoding): Promise<AutocannonJson> {
  const args = [autocannonCli, '--json', '-c', String(connections), '-d', String(seconds)];
  if (encoding === 'browser') args.push('-H', `Accept-Encoding=${BROWSER_ACCEPT_ENCODING}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (data) => {
      stdout += data;
    });
    child.stderr.on('data', (data) => {
      stderr += data;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        resolve(JSON.parse(stdout) as AutocannonJson);
      } catch {
        reject(new Error(`autocannon exited with ${code}: ${stderr || stdout}`));
      }
    });
  });
}

export async function warmUp(url: string, encoding: Encoding = 'browser'): Promise<void> {
  await autocannon(url, 10, WARMUP_SECONDS, encoding);
}

export async function load(
  url: string,
  connections: number,
  seconds = LOAD_SECONDS,
  encoding: Encoding = 'browser',
): Promise<LoadResult> {
  const result = await autocannon(url, connections, seconds, encoding);
  return {
    connections,
    seconds: result.duration,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** The portal beside the limit server on one path, one after the other (a shared machine's drift hits both alike). */
export async function compare(
  portalUrl: string,
  limitUrl: string,
  path: string,
  connections: number,
  encoding: Encoding = 'browser',
) {
  const portal = await load(portalUrl + path, connections, LOAD_SECONDS, encoding);
  const limit = await load(limitUrl + path, connections, LOAD_SECONDS, encoding);
  return { portal, limit, ratio: portal.requestsPerSecond / limit.requestsPerSecond };
}
