import type { IncomingMessage } from 'node:http';

/**
 * Whether the visitor's copy (If-None-Match) is the one with this ETag. For
 * answers sent with `writeHead`, where Express's `req.fresh` cannot see the ETag.
 */
export function unchanged(req: IncomingMessage, etag: string): boolean {
  const tags = req.headers['if-none-match'];
  if (!tags) return false;
  return tags === '*' || tags.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
