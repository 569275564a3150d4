import type { RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { PortalEnvironment } from '../contract/environments';

/**
 * Outside `local`, the API prefixes go to the environment's real servers, one
 * proxy per prefix (as the development proxy of SPEC §7 maps three prefixes to
 * three servers). The most specific prefix comes first.
 */
export function apiProxies(
  env: Pick<PortalEnvironment, 'accountServer' | 'api' | 'brand'>,
): Array<[string, RequestHandler]> {
  const proxy = (target: string, prefix: string): RequestHandler =>
    createProxyMiddleware({
      target,
      changeOrigin: true,
      xfwd: true,
      // Express strips the mount path; the upstream expects the full one.
      pathRewrite: (path) => `${prefix}${path}`,
      proxyTimeout: 15_000,
      on: {
        error: (_error, _req, res) => {
          if ('writeHead' in res && !res.headersSent) {
            res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8' });
            res.end(JSON.stringify({ code: 'E0502', msg: '后端服务暂不可用', status: 502 }));
          }
        },
      },
    });
  return [
    ['/api/guc', proxy(env.accountServer, '/api/guc')],
    ['/api-kernel-portal', proxy(env.api.kernel, '/api-kernel-portal')],
    [`/api-${env.brand}-portal`, proxy(env.api.brand, `/api-${env.brand}-portal`)],
    ['/api', proxy(env.api.portal, '/api')],
  ];
}
