/**
 * Letters and digits a person can read back without confusion: no 0 O o 1 l I i.
 * 55 characters.
 */
export const RANDOM_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

// Bytes at or above the largest multiple of the alphabet's size would make the first
// characters likelier (256 % 55 = 36), so they are drawn again instead.
const ACCEPT_BELOW = 256 - (256 % RANDOM_ALPHABET.length);

/** A crypto-random string of `length` unambiguous characters, every one equally likely. */
export function randomString(length = 32): string {
  let result = '';
  // Twice the length covers the rejected bytes in one draw almost always; 65 536 is
  // the most getRandomValues fills at once.
  const bytes = new Uint8Array(Math.min(length * 2, 65_536));
  while (result.length < length) {
    crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte >= ACCEPT_BELOW) continue;
      result += RANDOM_ALPHABET[byte % RANDOM_ALPHABET.length];
      if (result.length === length) break;
    }
  }
  return result;
}

/** Marks ids that our platform minted, so they are told apart from ids of other systems. */
export const BRAND_PREFIX = 'ZZY';

/** `prefix` followed by `bytes` crypto-random bytes as lowercase hex: `ZZY3f09a1c47be2d805`. */
export function brandId(prefix = BRAND_PREFIX, bytes = 8): string {
  const random = crypto.getRandomValues(new Uint8Array(bytes));
  return prefix + Array.from(random, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
