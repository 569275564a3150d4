/**
 * Where a browser may be sent back to: every return address (sign-in and
 * sign-out redirects, the console's `redirect` and its page after sign-in, the
 * portal's /transfer) is checked by this one function.
 */
export interface ReturnAddressRules {
  /** Origins an absolute address may lead to: scheme, host and port, exactly (no http for https). */
  origins: Iterable<string>;
  /** The origin a path alone (`/welcome`) is taken from; without it, only absolute addresses pass. */
  base?: string;
}

const MAX_LENGTH = 2048;
/**
 * What browsers read differently from URL parsers: a backslash is a slash to a
 * browser (`/\evil.com` is `//evil.com`), tabs and line breaks are dropped
 * (`/\t/evil.com`), and so are other controls and spaces at the ends.
 */
const ambiguous = (text: string) => {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x20 || code === 0x5c || code === 0x7f) return true;
  }
  return false;
};
/** Encoded slashes and backslashes in the path, which a later decoding turns into the above. */
const ENCODED_SEPARATOR = /%(2f|5c)/i;

/** The address as a URL when it leads to an allowed origin, else `undefined`. */
export function returnAddress(raw: unknown, { origins, base }: ReturnAddressRules): URL | undefined {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return undefined;
  if (ambiguous(raw)) return undefined;
  const path = raw.split(/[?#]/, 1)[0] ?? '';
  if (ENCODED_SEPARATOR.test(path)) return undefined;
  const relative = raw.startsWith('/');
  // `//host/path` is absolute to a browser; a path alone needs a base.
  if (relative && (raw.startsWith('//') || base === undefined)) return undefined;
  let url: URL;
  try {
    url = relative ? new URL(raw, base) : new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  // Dot segments can leave a path that starts with `//` (`/.//evil.com`): as a path alone, another host.
  if (url.pathname.startsWith('//')) return undefined;
  if (url.username || url.password) return undefined;
  const allowed = new Set<string>();
  for (const origin of origins) allowed.add(originOf(origin));
  if (relative && base !== undefined) return url.origin === originOf(base) ? url : undefined;
  return allowed.has(url.origin) ? url : undefined;
}

function originOf(address: string): string {
  try {
    return new URL(address).origin;
  } catch {
    return '';
  }
}
