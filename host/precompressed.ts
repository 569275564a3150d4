import type { IncomingMessage } from 'node:http';

/**
 * Answers sent from copies compressed in advance (kept pages, the script-tag
 * entries), written with `writeHead`: which copy a visitor gets, and whether
 * the copy it has is current. Express's `req.fresh` cannot see such an ETag.
 */

export type Encoding = 'br' | 'gzip' | 'identity';

/** The answers of `encodingFor` by header: browsers send a handful of distinct ones. */
const encodings = new Map<string, Encoding>();

/** The copy to send: ours (br, then gzip) among those offered; q=0 refuses one; no header, plain. */
export function encodingFor(header: string | undefined = ''): Encoding {
  let encoding = encodings.get(header);
  if (!encoding) {
    const offered = new Map(
      header.split(',').map((part) => {
        const [name = '', ...params] = part.trim().toLowerCase().split(';');
        const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
        return [name.trim(), q === undefined ? 1 : Number(q)] as const;
      }),
    );
    const accepts = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
    encoding = accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : 'identity';
    if (encodings.size < 100) encodings.set(header, encoding);
  }
  return encoding;
}

/** Whether the visitor's copy (If-None-Match) is the one with this ETag. */
export function unchanged(req: IncomingMessage, etag: string): boolean {
  const tags = req.headers['if-none-match'];
  if (!tags) return false;
  return tags === '*' || tags.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
