import { parse } from 'content-type';
import express, { type RequestHandler } from 'express';
import { errorText } from '../../contract/errors';
import { ApiFailure } from '../envelope';

/**
 * JSON bodies in UTF-8 only (RFC 8259), as every client of the API sends them.
 * The body parser alone decodes any `utf-*` charset, UTF-7 included, which
 * could carry text past a filter in front that reads the bytes; those are 415.
 */
export function jsonBody(limit: string): RequestHandler[] {
  const utf8Only: RequestHandler = (req, _res, next) => {
    const header = req.headers['content-type'];
    if (!header || !req.is('json')) return next();
    let charset: string | undefined;
    try {
      charset = parse(header).parameters.charset;
    } catch {
      // A malformed header: the body parser's own 400/415 answers it.
      return next();
    }
    if (charset === undefined || charset.toLowerCase() === 'utf-8') return next();
    next(new ApiFailure(415, 'E0415', errorText(415).zh));
  };
  return [utf8Only, express.json({ limit })];
}
