import type { ContentSource } from '../../contract/sources';
import type { ContentKind } from './drafts';

/** An item as the studio lists it: its data, its id, and whether visitors see it. */
export type StoredItem<T> = T & { id: number; visible: boolean };

/**
 * Where one kind of content is kept, as the studio changes it: every item,
 * shown or not; a new item starts hidden; publishing writes an item's data and
 * shows it; taking it down hides it. Each implementation keeps its kind's
 * search entries in step. A kind whose items are fixed (the common data) has no
 * `create`; one whose items are always shown has no `hide`.
 */
export interface ContentTable<T> {
  all(): Promise<StoredItem<T>[]>;
  byId(id: number): Promise<StoredItem<T> | undefined>;
  /** A new, hidden item; its id. */
  create?(data: T): Promise<number>;
  publish(id: number, data: T): Promise<void>;
  hide?(id: number): Promise<void>;
}

/** One kind of content, as publishing needs to know it. */
export interface KindOfContent<T> {
  kind: ContentKind;
  table: ContentTable<T>;
  /** What an item is, as drafts and revisions keep it: its data without id and visibility. */
  editOf(item: T): T;
  /** The item's name in lists, revisions and the audit log. */
  title(data: T): string;
  /**
   * What may not be the same in two items (an address: a section's anchor on its
   * page), as each field's message; none when `data` and `other` may both be.
   */
  clashes?(data: T, other: T): Record<string, string> | undefined;
  /** Items that stay shown whatever is published (the privacy policy, which the cookie notice and every footer link to): never taken down. */
  alwaysShown?(id: number): boolean;
  /** Every public page an item shows on, given the versions of it a change involves (before and after); `*` for every page. */
  paths(id: number, versions: readonly T[]): string[];
  /**
   * The content source's readers that show an item, reading `latest` (its
   * draft, else what is published, shown or not) instead: the staff's preview.
   */
  preview(latest: (id: number) => Promise<T | undefined>): Partial<ContentSource>;
}

/**
 * Whether a change shows in what every page's footer lists (the hot products,
 * the common solutions): an item listed there before or after whose name, place
 * in the list or visibility changed. Anything else (a price, a text) stays on the
 * item's own pages, and the kept pages of the rest of the site stay kept.
 * `versions` as `paths` gets them: what was there (with `visible`) and, when it is
 * published, what is (shown); alone, it is being taken down.
 */
export function changesFooter<T>(
  versions: ReadonlyArray<T & { visible?: boolean }>,
  listed: (item: T) => boolean,
  name: (item: T) => string,
): boolean {
  const [before, after] = versions;
  const wasListed = before !== undefined && before.visible !== false && listed(before);
  const isListed = after !== undefined && after.visible !== false && listed(after);
  if (wasListed !== isListed) return true;
  return wasListed && name(before as T) !== name(after as T);
}
