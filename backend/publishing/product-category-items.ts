import { sql } from 'kysely';
import type { ProductCategoryEdit } from '../../contract/catalogue-edits';
import type { ContentSource } from '../../contract/sources';
import { all, type Db, one, run } from '../db/query';
import type { ContentTable, KindOfContent, StoredItem } from './content-kind';

export type ProductCategoryRow = StoredItem<ProductCategoryEdit>;

type Row = { id: number; name: string; visible: number };
const toRow = (row: Row): ProductCategoryRow => ({
  id: Number(row.id),
  name: row.name,
  visible: Number(row.visible) === 1,
});

/**
 * The product categories as the studio changes them: a new one starts hidden
 * (no tab, its list 404s) until published. A category is never taken down:
 * its products would be left without one.
 */
export class ProductCategoryItems implements ContentTable<ProductCategoryEdit> {
  constructor(private readonly db: Db) {}

  async all(): Promise<ProductCategoryRow[]> {
    return (await all<Row>(this.db, sql`SELECT id, name, visible FROM product_categories ORDER BY sort, id`)).map(
      toRow,
    );
  }

  async byId(id: number): Promise<ProductCategoryRow | undefined> {
    const row = await one<Row>(this.db, sql`SELECT id, name, visible FROM product_categories WHERE id = ${id}`);
    return row && toRow(row);
  }

  async create(data: ProductCategoryEdit): Promise<number> {
    const row = await one<{ id: number }>(
      this.db,
      sql`INSERT INTO product_categories (name, sort, visible)
        VALUES (${data.name}, (SELECT coalesce(max(sort), 0) + 1 FROM product_categories), 0)
        RETURNING id`,
    );
    return Number(row?.id);
  }

  async publish(id: number, data: ProductCategoryEdit): Promise<void> {
    await run(this.db, sql`UPDATE product_categories SET name = ${data.name}, visible = 1 WHERE id = ${id}`);
  }
}

/** Product categories as publishing knows them. */
export const productCategoryContent = (items: ProductCategoryItems): KindOfContent<ProductCategoryEdit> => ({
  kind: 'product-category',
  table: items,
  editOf: ({ name }) => ({ name }),
  title: (data) => data.name,
  // Its name is on the product list's tabs, the site maps and each of its products' pages: a rename is rare.
  paths: () => ['*'],
  preview: (latest): Partial<ContentSource> => ({
    async productCategories() {
      const rows = await items.all();
      return Promise.all(rows.map(async (row) => ({ id: row.id, name: (await latest(row.id))?.name ?? row.name })));
    },
  }),
});
