import type { ContentSource } from '../../contract/sources';
import type { AuditLog } from '../staff/audit';
import type { ContentAnnouncer } from './changes';
import type { KindOfContent, StoredItem } from './content-kind';
import type { Author, ContentDrafts, ContentKind, Draft, Revision } from './drafts';

/** An item as the studio shows it: what visitors see (if anything), the draft, the schedule, the revisions. */
export interface ItemState<T> {
  row: StoredItem<T>;
  draft?: Draft<T>;
  scheduledAt?: number;
  revisions: Revision<T>[];
}

/** What publishing at a time and the staff's preview need of a desk, whatever its kind. */
export interface DeskOfAnyKind {
  readonly kind: ContentKind;
  publish(id: number, by: Author): Promise<boolean>;
  /** The content source's readers of this kind, reading drafts: the staff's preview. */
  previewSource(): Partial<ContentSource>;
}

/**
 * Publishing one kind of content: every change is a draft first; publishing
 * writes it where visitors read, keeps a revision, logs who did it, and tells
 * every instance's pages at once. Restoring publishes an earlier revision again.
 */
export class ContentDesk<T> implements DeskOfAnyKind {
  constructor(
    readonly content: KindOfContent<T>,
    private readonly drafts: ContentDrafts,
    private readonly audit: AuditLog,
    private readonly announcer: ContentAnnouncer,
  ) {}

  get kind(): ContentKind {
    return this.content.kind;
  }

  /** Whether the studio may add items of this kind. */
  get canCreate(): boolean {
    return Boolean(this.content.table.create);
  }

  /** Whether this item may be taken down. */
  canHide(id: number): boolean {
    return Boolean(this.content.table.hide) && !this.content.alwaysShown?.(id);
  }

  previewSource(): Partial<ContentSource> {
    return this.content.preview((id) => this.latest(id));
  }

  private target(id: number) {
    return `${this.kind}/${id}`;
  }

  list(): Promise<StoredItem<T>[]> {
    return this.content.table.all();
  }

  drafted(): Promise<Map<number, Draft<T>>> {
    return this.drafts.drafted(this.kind) as Promise<Map<number, Draft<T>>>;
  }

  /** The draft where there is one, else what is published: what a staff member's preview shows. */
  async latest(id: number): Promise<T | undefined> {
    const row = await this.content.table.byId(id);
    if (!row) return undefined;
    return (await this.drafts.draft<T>(this.kind, id))?.data ?? row;
  }

  async state(id: number): Promise<ItemState<T> | undefined> {
    const row = await this.content.table.byId(id);
    if (!row) return undefined;
    return {
      row,
      draft: await this.drafts.draft<T>(this.kind, id),
      scheduledAt: await this.drafts.scheduled(this.kind, id),
      revisions: await this.drafts.revisions<T>(this.kind, id),
    };
  }

  /** What `data` has that another item has (as kept or drafted) and may not: each field's message. */
  async clashes(data: T, id?: number): Promise<Record<string, string> | undefined> {
    const clashes = this.content.clashes;
    if (!clashes) return undefined;
    const [rows, drafted] = await Promise.all([this.list(), this.drafted()]);
    const others = [
      ...rows.filter((row) => row.id !== id),
      ...[...drafted].filter(([other]) => other !== id).map(([, draft]) => draft.data),
    ];
    for (const other of others) {
      const found = clashes(data, other);
      if (found) return found;
    }
    return undefined;
  }

  /** A new item: hidden until published, its draft saved; its id (none where the kind's items are fixed). */
  async create(data: T, by: Author): Promise<number | undefined> {
    const id = await this.content.table.create?.(data);
    if (id === undefined) return undefined;
    await this.drafts.saveDraft(this.kind, id, data, by);
    await this.audit.record(by, 'draft-saved', this.target(id), { title: this.content.title(data), created: true });
    return id;
  }

  async saveDraft(id: number, data: T, by: Author): Promise<void> {
    await this.drafts.saveDraft(this.kind, id, data, by);
    await this.audit.record(by, 'draft-saved', this.target(id), { title: this.content.title(data) });
  }

  async discardDraft(id: number, by: Author): Promise<void> {
    await this.drafts.discardDraft(this.kind, id);
    await this.audit.record(by, 'draft-discarded', this.target(id));
  }

  /** Publishes the draft (or, without one, what is there: a hidden item shown again). */
  async publish(id: number, by: Author, action: 'published' | 'restored' = 'published', data?: T) {
    // The item and its draft only: its schedule and revisions are not needed to publish it.
    const row = await this.content.table.byId(id);
    if (!row) return false;
    const draft = data ? undefined : await this.drafts.draft<T>(this.kind, id);
    const publishing = this.content.editOf(data ?? draft?.data ?? row);
    await this.content.table.publish(id, publishing);
    await this.drafts.addRevision(this.kind, id, publishing, action, by);
    if (!data) await this.drafts.discardDraft(this.kind, id);
    await this.drafts.unschedule(this.kind, id);
    await this.audit.record(by, action, this.target(id), { title: this.content.title(publishing) });
    this.announcer.announce(this.content.paths(id, [row, publishing]));
    return true;
  }

  /** Takes an item down; false where there is no such item or it may not be taken down. */
  async unpublish(id: number, by: Author): Promise<boolean> {
    const row = await this.content.table.byId(id);
    if (!row || !this.canHide(id)) return false;
    await this.content.table.hide?.(id);
    await this.drafts.unschedule(this.kind, id);
    await this.drafts.addRevision(this.kind, id, this.content.editOf(row), 'unpublished', by);
    await this.audit.record(by, 'unpublished', this.target(id), { title: this.content.title(row) });
    this.announcer.announce(this.content.paths(id, [row]));
    return true;
  }

  /** Publishes an earlier revision again; a draft in progress stays. */
  async restore(id: number, revisionId: number, by: Author): Promise<boolean> {
    const revision = await this.drafts.revision<T>(this.kind, id, revisionId);
    return revision ? this.publish(id, by, 'restored', revision.data) : false;
  }

  async schedule(id: number, at: number, by: Author): Promise<void> {
    await this.drafts.schedule(this.kind, id, at, by);
    await this.audit.record(by, 'scheduled', this.target(id), { at: new Date(at).toISOString() });
  }

  async unschedule(id: number, by: Author): Promise<void> {
    await this.drafts.unschedule(this.kind, id);
    await this.audit.record(by, 'schedule-cancelled', this.target(id));
  }
}

/**
 * Publishes what is due, of every kind, as whoever scheduled it (each item
 * once, across instances); the number published.
 */
export async function publishDue(drafts: ContentDrafts, desks: readonly DeskOfAnyKind[]): Promise<number> {
  const due = await drafts.takeDue();
  for (const { kind, id, by } of due) await desks.find((desk) => desk.kind === kind)?.publish(id, by);
  return due.length;
}
