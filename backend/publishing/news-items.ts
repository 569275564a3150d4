import { sql } from 'kysely';
import type { NewsDetail } from '../../contract/content';
import type { NewsEdit } from '../../contract/content-edits';
import type { ContentSource } from '../../contract/sources';
import { all, type Db, one, run } from '../db/query';
import { reindexItem } from '../search/search-index';
import { newsPaths } from './changes';
import type { ContentTable, KindOfContent, StoredItem } from './content-kind';

/** A news item as the studio lists it: shown to visitors or not. */
export type NewsRow = StoredItem<NewsEdit>;

const COLUMNS = sql`id, category_id AS "categoryId", title, summary, source, published_at AS "publishedAt",
  content_html AS "contentHtml", visible`;

type Row = Omit<NewsRow, 'visible'> & { visible: number };
const toRow = (row: Row): NewsRow => ({
  ...row,
  id: Number(row.id),
  categoryId: Number(row.categoryId),
  visible: Number(row.visible) === 1,
});

/**
 * The news table as the studio changes it: every row, shown or not; a new item
 * starts hidden (its address is known while it is drafted); publishing writes
 * an item's data and shows it; taking it down hides it. The search index
 * follows each change.
 */
export class NewsItems implements ContentTable<NewsEdit> {
  constructor(private readonly db: Db) {}

  async all(): Promise<NewsRow[]> {
    return (await all<Row>(this.db, sql`SELECT ${COLUMNS} FROM news ORDER BY published_at DESC, id DESC`)).map(toRow);
  }

  async byId(id: number): Promise<NewsRow | undefined> {
    const row = await one<Row>(this.db, sql`SELECT ${COLUMNS} FROM news WHERE id = ${id}`);
    return row && toRow(row);
  }

  /** A new, hidden item; its id. */
  async create(data: NewsEdit): Promise<number> {
    const row = await one<{ id: number }>(
      this.db,
      sql`INSERT INTO news (category_id, title, summary, content_html, source, published_at, visible)
        VALUES (${data.categoryId}, ${data.title}, ${data.summary}, ${data.contentHtml}, ${data.source}, ${data.publishedAt}, 0)
        RETURNING id`,
    );
    return Number(row?.id);
  }

  /** Writes the item's data and shows it to visitors. */
  async publish(id: number, data: NewsEdit): Promise<void> {
    await run(
      this.db,
      sql`UPDATE news SET category_id = ${data.categoryId}, title = ${data.title}, summary = ${data.summary},
        content_html = ${data.contentHtml}, source = ${data.source}, published_at = ${data.publishedAt}, visible = 1
        WHERE id = ${id}`,
    );
    await reindexItem(this.db, 'news', id);
  }

  async hide(id: number): Promise<void> {
    await run(this.db, sql`UPDATE news SET visible = 0 WHERE id = ${id}`);
    await reindexItem(this.db, 'news', id);
  }

  /** The item as its page shows it, from data not published (a draft): the staff's preview. */
  async detailOf(id: number, data: NewsEdit): Promise<NewsDetail> {
    const category = await one<{ title: string }>(
      this.db,
      sql`SELECT title FROM news_categories WHERE id = ${data.categoryId}`,
    );
    return { id, ...data, categoryTitle: category?.title ?? '' };
  }
}

/** News as publishing knows it: its table, its name, the pages an item shows on, and its page's preview. */
export const newsContent = (items: NewsItems): KindOfContent<NewsEdit> => ({
  kind: 'news',
  table: items,
  editOf: ({ categoryId, title, summary, source, publishedAt, contentHtml }) => ({
    categoryId,
    title,
    summary,
    source,
    publishedAt,
    contentHtml,
  }),
  title: (data) => data.title,
  paths: (id, versions) => newsPaths(id, [...new Set(versions.map((version) => version.categoryId))]),
  preview: (latest): Partial<ContentSource> => ({
    async newsItem(id) {
      const data = await latest(id);
      return data && items.detailOf(id, data);
    },
  }),
});
