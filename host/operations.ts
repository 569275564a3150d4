import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PlainHandler } from './portal-script';

/**
 * What `/readyz` checks, by name: each true when well, and when one is not, why
 * (`cause`, in an operator's words). Called per probe, so each check is cheap.
 */
export type Readiness = () => ReadinessReport | Promise<ReadinessReport>;
export interface ReadinessReport {
  checks: Record<string, boolean>;
  cause?: string;
}

function answer(req: IncomingMessage, res: ServerResponse, status: number, body: object) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    // A probe's answer is about this instant and this instance: nothing may keep it.
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : text);
}

/**
 * The probes of an orchestrator or load balancer: `/healthz`, the process
 * answers; `/readyz`, it should be sent visitors. Both are answered before
 * everything else (no page cache, no limits, no logging of every probe).
 */
export function healthChecks(readiness: Readiness = () => ({ checks: {} })): Map<string, PlainHandler> {
  return new Map<string, PlainHandler>([
    ['/healthz', (req, res) => answer(req, res, 200, { status: 'ok' })],
    [
      '/readyz',
      async (req, res) => {
        let report: ReadinessReport;
        try {
          report = await readiness();
        } catch {
          // A check that throws is a failed one; what it threw is not the prober's business.
          report = { checks: { checks: false } };
        }
        const { checks, cause } = report;
        const ready = Object.values(checks).every(Boolean);
        answer(req, res, ready ? 200 : 503, {
          status: ready ? 'ready' : 'not ready',
          checks,
          ...(!ready && cause ? { cause } : {}),
        });
      },
    ],
  ]);
}
