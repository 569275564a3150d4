import type { Request } from 'express';
import type { Page } from '../../contract/content';
import { ASSOCIATION_NO_PATTERN, NUMERIC_ID_PATTERN, SLUG_PATTERN } from '../../contract/ids';

/** An error the error page answers with this status (client errors, or a 503 the server chose). */
export const statusError = (status: number, message: string) =>
  Object.assign(new Error(message), { status, expose: true });

/** A request for something we do not have: the 404 page. */
export const missing = () => statusError(404, 'Not found');

/** A positive whole number from the path or query; anything else is an unknown page. */
export function id(value: unknown): number {
  if (typeof value !== 'string' || !NUMERIC_ID_PATTERN.test(value)) throw missing();
  return Number(value);
}

export const optionalId = (value: unknown) => (value === undefined ? null : id(value));

/** `?page=`: 1 when absent, 404 when not a page number. */
export const pageOf = (req: Request) => optionalId(req.query.page) ?? 1;

/** Detail keys: an id, or the console's association number (chat cards link those). */
export const key = (value: unknown) =>
  typeof value === 'string' && ASSOCIATION_NO_PATTERN.test(value) ? value : id(value);

/** A lower-case name in a path (a film, a topic). */
export function slug(value: unknown): string {
  if (typeof value !== 'string' || !SLUG_PATTERN.test(value)) throw missing();
  return value;
}

/** A single text from the query: repeated or structured values count as absent. */
export const queryText = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A list page past the last one (`?page=999`): 404, not an empty page that would be kept. */
export function existing<T>(paged: Page<T>): Page<T> {
  if (paged.page > 1 && paged.list.length === 0) throw missing();
  return paged;
}

export function found<T>(value: T | undefined): T {
  if (value === undefined) throw missing();
  return value;
}
