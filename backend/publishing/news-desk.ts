import type { NewsEdit } from '../../contract/content-edits';
import type { AuditLog } from '../staff/audit';
import { type ContentAnnouncer, newsPaths } from './changes';
import type { Author, ContentDrafts, Draft, Revision } from './drafts';
import type { NewsItems, NewsRow } from './news-items';

/** A news item as the studio shows it: what visitors see (if anything), the draft, the schedule. */
export interface NewsState {
  row: NewsRow;
  draft?: Draft<NewsEdit>;
  scheduledAt?: number;
  revisions: Revision<NewsEdit>[];
}

/** What a news item is, without its id and visibility. */
const editOf = ({ categoryId, title, summary, source, publishedAt, contentHtml }: NewsEdit): NewsEdit => ({
  categoryId,
  title,
  summary,
  source,
  publishedAt,
  contentHtml,
});

/**
 * Publishing news: every change is a draft first; publishing writes it where
 * visitors read, keeps a revision, logs who did it, and tells every instance's
 * pages at once. Restoring publishes an earlier revision again.
 */
export class NewsDesk {
  constructor(
    private readonly items: NewsItems,
    private readonly drafts: ContentDrafts,
    private readonly audit: AuditLog,
    private readonly announcer: ContentAnnouncer,
  ) {}

  list(): Promise<NewsRow[]> {
    return this.items.all();
  }

  drafted() {
    return this.drafts.drafted('news');
  }

  async state(id: number): Promise<NewsState | undefined> {
    const row = await this.items.byId(id);
    if (!row) return undefined;
    return {
      row,
      draft: await this.drafts.draft<NewsEdit>('news', id),
      scheduledAt: await this.drafts.scheduled('news', id),
      revisions: await this.drafts.revisions<NewsEdit>('news', id),
    };
  }

  /** A new item: hidden until published, its draft saved; its id. */
  async create(data: NewsEdit, by: Author): Promise<number> {
    const id = await this.items.create(data);
    await this.drafts.saveDraft('news', id, data, by);
    await this.audit.record(by, 'draft-saved', `news/${id}`, { title: data.title, created: true });
    return id;
  }

  async saveDraft(id: number, data: NewsEdit, by: Author): Promise<void> {
    await this.drafts.saveDraft('news', id, data, by);
    await this.audit.record(by, 'draft-saved', `news/${id}`, { title: data.title });
  }

  async discardDraft(id: number, by: Author): Promise<void> {
    await this.drafts.discardDraft('news', id);
    await this.audit.record(by, 'draft-discarded', `news/${id}`);
  }

  /** Publishes the draft (or, without one, what is there: a hidden item shown again). */
  async publish(id: number, by: Author, action: 'published' | 'restored' = 'published', data?: NewsEdit) {
    const state = await this.state(id);
    if (!state) return false;
    const publishing = editOf(data ?? state.draft?.data ?? state.row);
    await this.items.publish(id, publishing);
    await this.drafts.addRevision('news', id, publishing, action, by);
    if (!data) await this.drafts.discardDraft('news', id);
    await this.drafts.unschedule('news', id);
    await this.audit.record(by, action, `news/${id}`, { title: publishing.title });
    this.announcer.announce(newsPaths(id, [...new Set([state.row.categoryId, publishing.categoryId])]));
    return true;
  }

  async unpublish(id: number, by: Author): Promise<boolean> {
    const row = await this.items.byId(id);
    if (!row) return false;
    await this.items.hide(id);
    await this.drafts.unschedule('news', id);
    await this.drafts.addRevision('news', id, editOf(row), 'unpublished', by);
    await this.audit.record(by, 'unpublished', `news/${id}`, { title: row.title });
    this.announcer.announce(newsPaths(id, [row.categoryId]));
    return true;
  }

  /** Publishes an earlier revision again; a draft in progress stays. */
  async restore(id: number, revisionId: number, by: Author): Promise<boolean> {
    const revision = await this.drafts.revision<NewsEdit>('news', id, revisionId);
    return revision ? this.publish(id, by, 'restored', revision.data) : false;
  }

  async schedule(id: number, at: number, by: Author): Promise<void> {
    await this.drafts.schedule('news', id, at, by);
    await this.audit.record(by, 'scheduled', `news/${id}`, { at: new Date(at).toISOString() });
  }

  async unschedule(id: number, by: Author): Promise<void> {
    await this.drafts.unschedule('news', id);
    await this.audit.record(by, 'schedule-cancelled', `news/${id}`);
  }

  /** Publishes what is due, as whoever scheduled it (each item once, across instances). */
  async publishDue(): Promise<number> {
    const due = await this.drafts.takeDue();
    for (const { kind, id, by } of due) if (kind === 'news') await this.publish(id, by);
    return due.length;
  }
}
