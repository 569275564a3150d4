import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { VISITOR_SECRET_PATTERN } from '../../contract/ids';

/** A signature's length in base64url: 16 bytes of HMAC-SHA256, enough that none can be guessed. */
const SIGNATURE_BYTES = 16;

/**
 * Anonymous visitors' ids, issued and signed by the server: `<secret>.<signature>`.
 * A browser keeps what it is given and cannot make up others, so the limits per
 * visitor (streams, messages) bind a visitor the server knows. The secret part
 * is what conversations are filed under, as before ids were signed.
 */
export interface VisitorIds {
  /** A new id, or the signed form of `secret` (a visitor from before ids were signed). */
  issue(secret?: string): string;
  /** The secret of a valid id, or undefined (unsigned, forged, from another key). */
  verify(id: string): string | undefined;
}

export function visitorIds(key: Buffer): VisitorIds {
  const sign = (secret: string) =>
    createHmac('sha256', key).update(secret).digest().subarray(0, SIGNATURE_BYTES).toString('base64url');
  return {
    issue(secret = randomBytes(18).toString('base64url')) {
      return `${secret}.${sign(secret)}`;
    },
    verify(id) {
      const dot = id.indexOf('.');
      if (dot < 0) return undefined;
      const secret = id.slice(0, dot);
      if (!VISITOR_SECRET_PATTERN.test(secret)) return undefined;
      const given = Buffer.from(id.slice(dot + 1));
      const expected = Buffer.from(sign(secret));
      return given.length === expected.length && timingSafeEqual(given, expected) ? secret : undefined;
    },
  };
}
