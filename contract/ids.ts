/**
 * The shapes of ids in addresses and bodies, checked alike by the pages, the
 * portal API and the elements. Anything else is an unknown item (404), never a
 * database question.
 */

/** A positive whole number that fits every id column: 1 to 999 999 999. */
export const NUMERIC_ID_PATTERN = /^[1-9]\d{0,8}$/;

/** The console's number of a product or solution (chat cards link /product/{associationNo}). */
export const ASSOCIATION_NO_PATTERN = /^[A-Z]\d{4,12}$/;

/** A lower-case name in a path: a film, a topic. */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** An anonymous chat visitor's secret: the part of its id conversations are filed under. */
export const VISITOR_SECRET_PATTERN = /^[\w-]{22,64}$/;

/**
 * An anonymous chat visitor's id as the server issues it: the secret, a dot and
 * the server's signature. Browsers keep it in storage and send it as `X-Chat-Visitor`.
 */
export const SIGNED_VISITOR_PATTERN = /^[\w-]{22,64}\.[\w-]{22}$/;

/** The envelope code of a 401 for a visitor id the service did not sign: ask for a new one (`POST /api/chat/visitors`). */
export const UNKNOWN_VISITOR = 'E0401V';
