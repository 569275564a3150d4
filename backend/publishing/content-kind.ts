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
