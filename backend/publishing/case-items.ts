import { sql } from 'kysely';
import type { CaseEdit } from '../../contract/catalogue-edits';
import type { ContentSource } from '../../contract/sources';
import { all, type Db, one, run } from '../db/query';
import { reindexItem } from '../search/search-index';
import type { ContentTable, KindOfContent, StoredItem } from './content-kind';

export type CaseRow = StoredItem<CaseEdit>;

const COLUMNS = sql`id, title, customer, industry, summary, content_html AS "contentHtml", results,
  solution_id AS "solutionId", published_at AS "publishedAt", visible`;

type Row = Omit<CaseRow, 'results' | 'visible'> & { results: string; visible: number };
const toRow = (row: Row): CaseRow => ({
  ...row,
  id: Number(row.id),
  solutionId: row.solutionId === null ? null : Number(row.solutionId),
  results: JSON.parse(row.results),
  visible: Number(row.visible) === 1,
});

/** The cases table as the studio changes it (as news-items.ts does news); the search index follows. */
export class CaseItems implements ContentTable<CaseEdit> {
  constructor(private readonly db: Db) {}

  async all(): Promise<CaseRow[]> {
    return (await all<Row>(this.db, sql`SELECT ${COLUMNS} FROM cases ORDER BY published_at DESC, id DESC`)).map(toRow);
  }

  async byId(id: number): Promise<CaseRow | undefined> {
    const row = await one<Row>(this.db, sql`SELECT ${COLUMNS} FROM cases WHERE id = ${id}`);
    return row && toRow(row);
  }

  async create(data: CaseEdit): Promise<number> {
    const row = await one<{ id: number }>(
      this.db,
      sql`INSERT INTO cases (title, customer, industry, summary, content_html, results, solution_id, published_at, visible)
        VALUES (${data.title}, ${data.customer}, ${data.industry}, ${data.summary}, ${data.contentHtml},
          ${JSON.stringify(data.results)}, ${data.solutionId}, ${data.publishedAt}, 0)
        RETURNING id`,
    );
    return Number(row?.id);
  }

  async publish(id: number, data: CaseEdit): Promise<void> {
    await run(
      this.db,
      sql`UPDATE cases SET title = ${data.title}, customer = ${data.customer}, industry = ${data.industry},
        summary = ${data.summary}, content_html = ${data.contentHtml}, results = ${JSON.stringify(data.results)},
        solution_id = ${data.solutionId}, published_at = ${data.publishedAt}, visible = 1
        WHERE id = ${id}`,
    );
    await reindexItem(this.db, 'case', id);
  }

  async hide(id: number): Promise<void> {
    await run(this.db, sql`UPDATE cases SET visible = 0 WHERE id = ${id}`);
    await reindexItem(this.db, 'case', id);
  }
}

/** The pages a case shows on: its own, the list, the home page, the topic page, search and the site maps. */
export const casePaths = (id: number) => [
  '/',
  '/home',
  '/en',
  '/cases',
  `/cases/${id}`,
  '/topic/battery',
  '/sitemap.xml',
  '/mapsite',
  '/searchRes',
];

/** Cases as publishing knows them. */
export const caseContent = (items: CaseItems): KindOfContent<CaseEdit> => ({
  kind: 'case',
  table: items,
  editOf: ({ title, customer, industry, summary, solutionId, publishedAt, contentHtml, results }) => ({
    title,
    customer,
    industry,
    summary,
    solutionId,
    publishedAt,
    contentHtml,
    results,
  }),
  title: (data) => data.title,
  paths: (id) => casePaths(id),
  preview: (latest): Partial<ContentSource> => ({
    async caseById(id) {
      const data = await latest(id);
      return data && { ...data, id };
    },
  }),
});
