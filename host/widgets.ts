import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { statusError } from './routes/params';

const HASHED = /[\\/]chunks[\\/]/;

/**
 * Serves the built widgets to any origin: partner pages load `portal.js` with a
 * plain script tag and its chunks with `import()`, which is a CORS request.
 * Chunks are content-hashed and cached for a year; `portal.js` revalidates soon,
 * so a release reaches embedding pages within minutes. Under a release's own
 * address (`immutable`) every file is cached for a year.
 */
export function widgetFiles(dir: string, { immutable = false }: { immutable?: boolean } = {}): RequestHandler {
  const files = expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: false,
    serveStatic: {
      index: false,
      // A folder is no file: the 404 page, not a redirect to the request's own target with a slash.
      redirect: false,
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
  return (req, res, next) => {
    // It names the compressed copy (`Content-Encoding: br`) before it knows whether it will send
    // it: whatever answers a method it does not serve, or a range it cannot give, must not inherit that.
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // It answers a malformed address with its own words; the portal's 400 page instead.
    if (!decodable(req.path)) return next(statusError(400, 'Malformed address'));
    files(req, res, (error?: unknown) => {
      res.removeHeader('Content-Encoding');
      next(error);
    });
  };
}

function decodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
