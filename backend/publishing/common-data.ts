import { sql } from 'kysely';
import type { CommonDataEdit } from '../../contract/content-edits';
import type { PageCommon } from '../../contract/page-data';
import { all, type Db, one, run } from '../db/query';
import type { ContentTable, KindOfContent, StoredItem } from './content-kind';

/** The common data is one item. */
export const COMMON_DATA_ID = 1;

type Footer = PageCommon['footerCommonDTO'] & Record<string, unknown>;

const FOOTER_FIELDS = ['photo1', 'title1', 'photo2', 'title2', 'serviceHotline', 'serviceTime', 'address'] as const;

const setting = async <T>(db: Db, key: string): Promise<T | undefined> => {
  const row = await one(db, sql<{ value: string }>`SELECT value FROM settings WHERE key = ${key}`);
  return row && (JSON.parse(row.value) as T);
};

const keep = (db: Db, key: string, value: unknown) => {
  const json = JSON.stringify(value);
  return run(
    db,
    sql`INSERT INTO settings (key, value) VALUES (${key}, ${json}) ON CONFLICT (key) DO UPDATE SET value = ${json}`,
  );
};

/**
 * The data every page's chrome shows, as one item: the footer's setting (its
 * other fields, copyright and the like, kept as they are), the logo's setting,
 * and which products and solutions the footer lists (their `hot` and `common`).
 * Always shown: it cannot be added to or taken down.
 */
export class CommonDataTable implements ContentTable<CommonDataEdit> {
  constructor(private readonly db: Db) {}

  async all(): Promise<StoredItem<CommonDataEdit>[]> {
    const item = await this.byId(COMMON_DATA_ID);
    return item ? [item] : [];
  }

  async byId(id: number): Promise<StoredItem<CommonDataEdit> | undefined> {
    if (id !== COMMON_DATA_ID) return undefined;
    const [footer, logo, hot, common] = await Promise.all([
      setting<Partial<Footer>>(this.db, 'footer'),
      setting<string>(this.db, 'logo'),
      all(this.db, sql<{ id: number }>`SELECT id FROM products WHERE hot = 1 ORDER BY sort, id`),
      all(this.db, sql<{ id: number }>`SELECT id FROM solutions WHERE common = 1 ORDER BY sort, id`),
    ]);
    const text = (field: (typeof FOOTER_FIELDS)[number]) => String(footer?.[field] ?? '');
    return {
      id,
      visible: true,
      hotProductIds: hot.map((row) => Number(row.id)),
      commonSolutionIds: common.map((row) => Number(row.id)),
      logo: logo ?? '',
      ...(Object.fromEntries(FOOTER_FIELDS.map((field) => [field, text(field)])) as Pick<
        CommonDataEdit,
        (typeof FOOTER_FIELDS)[number]
      >),
    };
  }

  async publish(_id: number, data: CommonDataEdit): Promise<void> {
    const footer = (await setting<Footer>(this.db, 'footer')) ?? {};
    await keep(this.db, 'footer', {
      ...footer,
      ...Object.fromEntries(FOOTER_FIELDS.map((field) => [field, data[field]])),
    });
    await keep(this.db, 'logo', data.logo);
    const chosen = (ids: readonly number[]) => (ids.length ? sql`id IN (${sql.join(ids)})` : sql`0 = 1`);
    await run(this.db, sql`UPDATE products SET hot = CASE WHEN ${chosen(data.hotProductIds)} THEN 1 ELSE 0 END`);
    await run(
      this.db,
      sql`UPDATE solutions SET common = CASE WHEN ${chosen(data.commonSolutionIds)} THEN 1 ELSE 0 END`,
    );
  }
}

/** The common data as publishing knows it: on every page, so a change drops every kept page. */
export const commonDataContent = (db: Db): KindOfContent<CommonDataEdit> => ({
  kind: 'common',
  table: new CommonDataTable(db),
  editOf: ({ hotProductIds, commonSolutionIds, logo, ...footer }) => ({
    hotProductIds,
    commonSolutionIds,
    logo,
    ...(Object.fromEntries(FOOTER_FIELDS.map((field) => [field, footer[field]])) as Pick<
      CommonDataEdit,
      (typeof FOOTER_FIELDS)[number]
    >),
  }),
  title: () => '公共信息',
  paths: () => ['*'],
  // The preview hides the header and footer, where all of it shows.
  preview: () => ({}),
});
