import { sql } from 'kysely';
import type { SolutionEdit } from '../../contract/catalogue-edits';
import type { ContentSource } from '../../contract/sources';
import { all, type Db, one, run } from '../db/query';
import { reindexItem } from '../search/search-index';
import { type ContentTable, changesFooter, type KindOfContent, type StoredItem } from './content-kind';

/** A solution as the studio lists it: shown to visitors or not, with the console's number the site gave it. */
export type SolutionRow = StoredItem<SolutionEdit> & { associationNo: string };

const COLUMNS = sql`id, association_no AS "associationNo", title, industry, summary, pain_points AS "painPoints",
  content_html AS "contentHtml", product_ids AS "productIds", common, visible`;

type Row = Omit<SolutionRow, 'painPoints' | 'productIds' | 'common' | 'visible'> & {
  painPoints: string;
  productIds: string;
  common: number;
  visible: number;
};
const toRow = (row: Row): SolutionRow => ({
  ...row,
  id: Number(row.id),
  painPoints: JSON.parse(row.painPoints),
  productIds: JSON.parse(row.productIds),
  common: Number(row.common) === 1,
  visible: Number(row.visible) === 1,
});

/** The solutions table as the studio changes it (as news-items.ts does news); the search index follows. */
export class SolutionItems implements ContentTable<SolutionEdit> {
  constructor(private readonly db: Db) {}

  async all(): Promise<SolutionRow[]> {
    return (await all<Row>(this.db, sql`SELECT ${COLUMNS} FROM solutions ORDER BY sort, id`)).map(toRow);
  }

  async byId(id: number): Promise<SolutionRow | undefined> {
    const row = await one<Row>(this.db, sql`SELECT ${COLUMNS} FROM solutions WHERE id = ${id}`);
    return row && toRow(row);
  }

  /** The solution a page names by id or by console number, shown or not (the staff's preview). */
  async idOf(key: number | string): Promise<number | undefined> {
    if (typeof key === 'number') return key;
    const row = await one<{ id: number }>(this.db, sql`SELECT id FROM solutions WHERE association_no = ${key}`);
    return row && Number(row.id);
  }

  async create(data: SolutionEdit): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const row = await one<{ id: number }>(
        trx,
        sql`INSERT INTO solutions (association_no, title, industry, summary, pain_points, content_html, product_ids,
            common, sort, visible)
          VALUES (${`new-${Date.now()}-${Math.random()}`}, ${data.title}, ${data.industry}, ${data.summary},
            ${JSON.stringify(data.painPoints)}, ${data.contentHtml}, ${JSON.stringify(data.productIds)},
            ${data.common ? 1 : 0}, (SELECT coalesce(max(sort), 0) + 1 FROM solutions), 0)
          RETURNING id`,
      );
      const id = Number(row?.id);
      // The console's number, following the seed's (S2025001 is solution 1).
      await run(trx, sql`UPDATE solutions SET association_no = ${`S${2025000 + id}`} WHERE id = ${id}`);
      return id;
    });
  }

  async publish(id: number, data: SolutionEdit): Promise<void> {
    await run(
      this.db,
      sql`UPDATE solutions SET title = ${data.title}, industry = ${data.industry}, summary = ${data.summary},
        pain_points = ${JSON.stringify(data.painPoints)}, content_html = ${data.contentHtml},
        product_ids = ${JSON.stringify(data.productIds)}, common = ${data.common ? 1 : 0}, visible = 1
        WHERE id = ${id}`,
    );
    await reindexItem(this.db, 'solution', id);
  }

  async hide(id: number): Promise<void> {
    await run(this.db, sql`UPDATE solutions SET visible = 0 WHERE id = ${id}`);
    await reindexItem(this.db, 'solution', id);
  }
}

/** The pages a solution shows on; every page when the footer's common solutions change with it (see `changesFooter`). */
export const solutionPaths = (
  id: number,
  versions: ReadonlyArray<SolutionEdit & { associationNo?: string; visible?: boolean }>,
) =>
  changesFooter(
    versions,
    (solution) => solution.common,
    (solution) => solution.title,
  )
    ? ['*']
    : [
        '/',
        '/home',
        '/en',
        '/solution',
        `/solution/${id}`,
        ...new Set(
          versions.flatMap((version) => (version.associationNo ? [`/solution/${version.associationNo}`] : [])),
        ),
        '/meiqia/card',
        '/sitemap.xml',
        '/mapsite',
        '/searchRes',
      ];

/** Solutions as publishing knows them. */
export const solutionContent = (items: SolutionItems): KindOfContent<SolutionEdit> => ({
  kind: 'solution',
  table: items,
  editOf: ({ title, industry, summary, common, painPoints, contentHtml, productIds }) => ({
    title,
    industry,
    summary,
    common,
    painPoints,
    contentHtml,
    productIds,
  }),
  title: (data) => data.title,
  paths: solutionPaths,
  preview: (latest): Partial<ContentSource> => ({
    async solution(key) {
      const id = await items.idOf(key);
      const row = id && (await items.byId(id));
      const data = row && (await latest(row.id));
      return row && data ? { ...data, id: row.id, associationNo: row.associationNo } : undefined;
    },
  }),
});
