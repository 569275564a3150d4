import { type RequestHandler, Router } from 'express';
import { MEDIA_TYPES, parseMediaFileName } from '../../contract/media-images';
import type { MediaLibrary } from './library';

/** Names are content-addressed: what one shows never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Uploaded images at `/media/<id>-<width>.<ext>`, by their exact names only
 * (no decoding, no other case, nothing after), with the type their name says
 * and cached for a year. Any other address under `/media/` goes on to the
 * portal's own drawings, then to the 404 page.
 */
export function mediaFiles(library: MediaLibrary): Router {
  const serve: RequestHandler = async (req, res, next) => {
    const name = req.path.slice('/media/'.length);
    const found = parseMediaFileName(name);
    const body = found && (await library.read(name));
    if (!found || !body) return next();
    res
      .type(MEDIA_TYPES[found.ext])
      .setHeader('Cache-Control', IMMUTABLE)
      .setHeader('X-Content-Type-Options', 'nosniff')
      // Elements on other sites show the content's images too.
      .setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
      .send(body);
  };
  const router = Router({ caseSensitive: true, strict: true });
  router.get(/^\/media\/[0-9a-f]{20}-[1-9][0-9]{0,3}\.(?:webp|jpg|png)$/, serve);
  return router;
}
