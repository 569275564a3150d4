import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Express } from 'express';
import type { HostMetrics } from './metrics';
import type { PlainHandler } from './portal-script';
import type { PageCache } from './routes/page-cache';
import type { RefusedAddresses } from './routes/refused-addresses';

/** What is answered before Express sets a request up at all. */
export interface FastLane {
  pageCache?: PageCache;
  /** Built scripts by exact path. */
  scripts: ReadonlyMap<string, PlainHandler>;
  /** The health probes by exact path: never kept, never limited. */
  probes: ReadonlyMap<string, PlainHandler>;
  /** Addresses past a limit, refused here in its scope. */
  refused: RefusedAddresses;
  metrics?: HostMetrics;
}

const pathOf = (url = '/') => {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
};

/**
 * The portal's `node:http` request listener: fresh kept pages, the script-tag
 * entries, the probes and addresses refused for now are answered here, before
 * Express sets a request up (its final handler, the request and response
 * prototypes, the router): for them that setup cost as much as the answer.
 * Everything else goes on to the app unchanged, which answers all of these
 * too (slower) when it is served on its own.
 */
export function fastLaneListener(
  app: Express,
  { pageCache, scripts, probes, refused, metrics }: FastLane,
): RequestListener {
  /** The route label of a request answered here, or undefined for one left to the app. */
  const answer = (req: IncomingMessage, res: ServerResponse): string | undefined => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    const path = pathOf(req.url);
    const plain = probes.get(path) ?? scripts.get(path);
    if (plain) {
      plain(req, res);
      return path;
    }
    if (pageCache?.answerFresh(req, res)) return 'page cache';
    return refused.answer(req, res, pageCache) ? 'refused' : undefined;
  };
  return (req, res) => {
    const started = performance.now();
    let answered: string | undefined;
    try {
      answered = answer(req, res);
    } catch (error) {
      // Half an answer cannot be taken back; before any, the app answers instead.
      if (res.headersSent) return void res.destroy(error instanceof Error ? error : undefined);
    }
    if (!answered) return void app(req, res);
    const label = answered;
    if (metrics)
      res.once('close', () =>
        metrics.request(req.method ?? 'GET', label, res.statusCode, (performance.now() - started) / 1000),
      );
  };
}
