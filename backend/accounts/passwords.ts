import { randomBytes, type ScryptOptions, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import pLimit from 'p-limit';

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64url. Synchronous: for seeding accounts at start. */
export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/**
 * Checked against when the user does not exist, so both cases cost the same
 * time: the same parameters and a random salt. Its hash part is random bytes,
 * not a hash of anything (the check fails for an unknown user whatever it
 * computes), so no scrypt runs at start.
 */
const UNKNOWN_USER_HASH = [
  'scrypt',
  N,
  R,
  P,
  randomBytes(16).toString('base64url'),
  randomBytes(KEY_LENGTH).toString('base64url'),
].join('$');

const scryptAsync = (password: string, salt: Buffer, length: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

/** More hashes than this at once wait their turn: a burst of sign-ins cannot take every thread. */
export const MAX_CONCURRENT_HASHES = 2;
/** More waiting than this and a sign-in is refused at once (the caller answers "busy, try again"). */
export const MAX_WAITING_HASHES = 64;

/** Thrown when too many sign-ins wait for a hash. */
export class HashingBusy extends Error {}

const hashing = pLimit(MAX_CONCURRENT_HASHES);

function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (hashing.pendingCount >= MAX_WAITING_HASHES) throw new HashingBusy('too many sign-ins are being checked');
  return hashing(work);
}

/** `hashPassword` off the event loop, in turn with the checks: for passwords set while the server answers. */
export async function hashPasswordInTurn(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await inTurn(() => scryptAsync(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r: R, p: P }));
  return ['scrypt', N, R, P, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/**
 * Whether `password` matches the stored hash (an unknown user's `undefined`
 * costs the same). Hashed on libuv's threads, never on the event loop, and at
 * most MAX_CONCURRENT_HASHES at a time, so pages keep answering during a burst.
 */
export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = (stored ?? UNKNOWN_USER_HASH).split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await inTurn(() =>
    scryptAsync(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
    }),
  );
  return timingSafeEqual(actual, expected) && stored !== undefined;
}
