import type { ServerResponse } from 'node:http';
import expressStaticGzip from 'express-static-gzip';

const HASHED = /[\\/]chunks[\\/]/;

/**
 * Serves the built widgets to any origin: partner pages load `portal.js` with a
 * plain script tag and its chunks with `import()`, which is a CORS request.
 * Chunks are content-hashed and cached for a year; `portal.js` revalidates soon,
 * so a release reaches embedding pages within minutes. Under a release's own
 * address (`immutable`) every file is cached for a year.
 */
export function widgetFiles(dir: string, { immutable = false }: { immutable?: boolean } = {}) {
  return expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: false,
    serveStatic: {
      index: false,
      fallthrough: true,
      setHeaders(res: ServerResponse, path: string) {
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader(
          'Cache-Control',
          immutable || HASHED.test(path)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=300, must-revalidate',
        );
      },
    },
  });
}
