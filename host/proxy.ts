import type { RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { PortalEnvironment } from '../contract/environments';
import { DEFAULT_UPSTREAM_TIMEOUT_MS } from './data/upstream';

/** How long a write (an order, a sign-in, a message) may take upstream. */
export const WRITE_TIMEOUT_MS = 15_000;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Outside `local`, the API prefixes go to the environment's real servers, one
 * proxy per prefix (as the development proxy of SPEC §7 maps three prefixes to
 * three servers). The most specific prefix comes first. A read the server does
 * not start answering within the upstream deadline is answered 502 (a stream that
 * has started, such as the chat's, then runs as long as it lasts). A write gets
 * longer: cut off, its answer would be lost while what it did (an order placed)
 * stands, and the visitor would do it again.
 */
export function apiProxies(
  env: Pick<PortalEnvironment, 'accountServer' | 'api' | 'brand'>,
  { timeoutMs = DEFAULT_UPSTREAM_TIMEOUT_MS, onError }: { timeoutMs?: number; onError?: () => void } = {},
): Array<[string, RequestHandler]> {
  const proxy = (target: string, prefix: string): RequestHandler => {
    const read = proxyWithin(target, prefix, timeoutMs, onError);
    const write = proxyWithin(target, prefix, Math.max(timeoutMs, WRITE_TIMEOUT_MS), onError);
    return (req, res, next) => (READS.has(req.method) ? read : write)(req, res, next);
  };
  return [
    ['/api/guc', proxy(env.accountServer, '/api/guc')],
    ['/api-kernel-portal', proxy(env.api.kernel, '/api-kernel-portal')],
    [`/api-${env.brand}-portal`, proxy(env.api.brand, `/api-${env.brand}-portal`)],
    ['/api', proxy(env.api.portal, '/api')],
  ];
}

function proxyWithin(target: string, prefix: string, timeoutMs: number, onError?: () => void): RequestHandler {
  return createProxyMiddleware({
    target,
    changeOrigin: true,
    xfwd: true,
    // Express strips the mount path; the upstream expects the full one.
    pathRewrite: (path) => `${prefix}${path}`,
    proxyTimeout: timeoutMs,
    on: {
      proxyRes: (proxyRes) => {
        // The deadline is for the answer to begin: a stream (the chat's events) then lasts as long as it lasts.
        if (String(proxyRes.headers['content-type']).startsWith('text/event-stream')) proxyRes.socket?.setTimeout(0);
      },
      error: (_error, _req, res) => {
        onError?.();
        if ('writeHead' in res && !res.headersSent) {
          res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8' });
          res.end(JSON.stringify({ code: 'E0502', msg: '后端服务暂不可用', status: 502 }));
        }
      },
    },
  });
}
