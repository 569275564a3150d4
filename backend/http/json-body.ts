import { parse } from 'content-type';
import express, { type RequestHandler } from 'express';
import { errorText } from '../../contract/errors';
import { ApiFailure, badRequest } from '../envelope';

const unsupported = () => new ApiFailure(415, 'E0415', errorText(415).zh);

/** Bytes that are not UTF-8: the body parser would store them as U+FFFD. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
/** The words the API gives any body it cannot read (backend/envelope.ts's apiErrors). */
const notUtf8 = () => badRequest('请求内容格式不正确');

/**
 * JSON bodies in UTF-8 only (RFC 8259), as every client of the API sends them.
 * The body parser alone decodes any `utf-*` charset (UTF-7 included, which
 * could carry text past a filter in front that reads the bytes), reads a
 * malformed or repeated charset as whichever it finds, and turns bytes that
 * are not UTF-8 into U+FFFD. Here a charset must be said once, plainly, and be
 * UTF-8 (415 otherwise), and the bytes must be UTF-8 (400 otherwise).
 */
export function jsonBody(limit: string): RequestHandler[] {
  const utf8Only: RequestHandler = (req, _res, next) => {
    const header = req.headers['content-type'];
    if (!header) return next();
    const type = header.split(';')[0]?.trim().toLowerCase() ?? '';
    if (type !== 'application/json' && !type.endsWith('+json')) return next();
    let charset: string | undefined;
    try {
      charset = parse(header).parameters.charset;
    } catch {
      return next(unsupported());
    }
    const said = header.match(/;\s*charset\b/gi)?.length ?? 0;
    if (said > 1 || (said === 1 && charset === undefined)) return next(unsupported());
    if (charset === undefined || charset.toLowerCase() === 'utf-8') return next();
    next(unsupported());
  };
  const json = express.json({
    limit,
    verify: (_req, _res, bytes) => {
      try {
        strictUtf8.decode(bytes);
      } catch {
        throw notUtf8();
      }
    },
  });
  return [utf8Only, json];
}
