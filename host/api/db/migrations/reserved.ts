import type { Migration } from '../migrate';

/**
 * Versions 5 and 6 belong to site search and to orders and agreements, which
 * land separately; until they do, these keep the numbering without gaps. Each is
 * replaced by the real migration of its number, never shipped beside it.
 */
export const reserved5: Migration = { version: 5, name: 'reserved for site search', up() {} };
export const reserved6: Migration = { version: 6, name: 'reserved for orders and agreements', up() {} };
