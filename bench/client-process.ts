import { spawn } from 'node:child_process';

/** What the bench keeps of one autocannon run. */
export interface ClientFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers by status, e.g. 200, 404, 429. */
  statuses: Record<string, number>;
  /** Requests with no answer within the client's timeout. */
  timeouts: number;
  /** Socket errors and timeouts together. */
  errors: number;
}

/**
 * Runs a load client (a script printing autocannon's result as JSON) in its own
 * process, so its work is not counted against the portal measured beside it;
 * `stop` ends a run with no set end.
 */
export function clientProcess(script: string, args: string[]): { result: Promise<ClientFigures>; stop: () => void } {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const result = new Promise<ClientFigures>((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (data) => {
      stdout += data;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        const printed = JSON.parse(stdout);
        const statuses = printed.statusCodeStats as Record<string, { count: number }>;
        resolve({
          requestsPerSecond: printed.requests.average,
          p50: printed.latency.p50,
          p99: printed.latency.p99,
          statuses: Object.fromEntries(Object.entries(statuses).map(([status, { count }]) => [status, count])),
          timeouts: printed.timeouts,
          errors: printed.errors,
        });
      } catch {
        reject(new Error(`${script} exited with ${code}: ${stdout.slice(0, 500)}`));
      }
    });
  });
  return { result, stop: () => child.kill('SIGTERM') };
}
