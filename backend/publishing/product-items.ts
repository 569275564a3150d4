import { sql } from 'kysely';
import type { EditionEdit, ProductEdit } from '../../contract/catalogue-edits';
import type { Product } from '../../contract/content';
import type { ContentSource } from '../../contract/sources';
import { all, type Db, one, run } from '../db/query';
import { reindexItem } from '../search/search-index';
import { type ContentTable, changesFooter, type KindOfContent, type StoredItem } from './content-kind';

/** A product as the studio lists it: shown to visitors or not, with the console's number the site gave it. */
export type ProductRow = StoredItem<ProductEdit> & { associationNo: string };

type Row = {
  id: number;
  associationNo: string;
  categoryId: number;
  name: string;
  summary: string;
  descriptionHtml: string;
  highlights: string;
  scenarios: string;
  hot: number;
  visible: number;
};
type EditionRow = { id: number; productId: number; name: string; priceFen: number; unit: string; features: string };

const COLUMNS = sql`id, association_no AS "associationNo", category_id AS "categoryId", name, summary,
  description_html AS "descriptionHtml", highlights, scenarios, hot, visible`;

/** The console's number of a new product, following the seed's (P2025001 is product 1). */
const associationNoOf = (id: number) => `P${2025000 + id}`;

/**
 * The products table and its editions as the studio changes them. A new
 * product starts hidden; publishing writes its data and shows it. Editions
 * are kept by id: a price changed is the same edition at its new price (what
 * the next order records; an order placed keeps its own), and an edition
 * taken off the form is hidden, never deleted, since orders name it. The
 * search index follows each change.
 */
export class ProductItems implements ContentTable<ProductEdit> {
  constructor(private readonly db: Db) {}

  private async rows(where = sql``): Promise<ProductRow[]> {
    const rows = await all<Row>(this.db, sql`SELECT ${COLUMNS} FROM products ${where} ORDER BY sort, id`);
    if (!rows.length) return [];
    const editions = await all<EditionRow>(
      this.db,
      sql`SELECT id, product_id AS "productId", name, price_fen AS "priceFen", unit, features
        FROM product_editions WHERE visible = 1 AND product_id IN (${sql.join(rows.map((row) => row.id))})
        ORDER BY sort, id`,
    );
    return rows.map((row) => ({
      id: Number(row.id),
      associationNo: row.associationNo,
      categoryId: Number(row.categoryId),
      name: row.name,
      summary: row.summary,
      hot: Number(row.hot) === 1,
      descriptionHtml: row.descriptionHtml,
      highlights: JSON.parse(row.highlights),
      scenarios: JSON.parse(row.scenarios),
      editions: editions
        .filter((edition) => Number(edition.productId) === Number(row.id))
        .map((edition) => ({
          id: Number(edition.id),
          name: edition.name,
          priceFen: Number(edition.priceFen),
          unit: edition.unit,
          features: JSON.parse(edition.features),
        })),
      visible: Number(row.visible) === 1,
    }));
  }

  all(): Promise<ProductRow[]> {
    return this.rows();
  }

  async byId(id: number): Promise<ProductRow | undefined> {
    return (await this.rows(sql`WHERE id = ${id}`))[0];
  }

  /** The product a page names by id or by console number, shown or not (the staff's preview). */
  async idOf(key: number | string): Promise<number | undefined> {
    if (typeof key === 'number') return key;
    const row = await one<{ id: number }>(this.db, sql`SELECT id FROM products WHERE association_no = ${key}`);
    return row && Number(row.id);
  }

  async create(data: ProductEdit): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const row = await one<{ id: number }>(
        trx,
        sql`INSERT INTO products (association_no, category_id, name, summary, description_html, highlights, scenarios,
            hot, sort, visible)
          VALUES (${`new-${Date.now()}-${Math.random()}`}, ${data.categoryId}, ${data.name}, ${data.summary},
            ${data.descriptionHtml}, ${JSON.stringify(data.highlights)}, ${JSON.stringify(data.scenarios)},
            ${data.hot ? 1 : 0}, (SELECT coalesce(max(sort), 0) + 1 FROM products), 0)
          RETURNING id`,
      );
      const id = Number(row?.id);
      await run(trx, sql`UPDATE products SET association_no = ${associationNoOf(id)} WHERE id = ${id}`);
      await writeEditions(trx, id, data.editions);
      return id;
    });
  }

  async publish(id: number, data: ProductEdit): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await run(
        trx,
        sql`UPDATE products SET category_id = ${data.categoryId}, name = ${data.name}, summary = ${data.summary},
          description_html = ${data.descriptionHtml}, highlights = ${JSON.stringify(data.highlights)},
          scenarios = ${JSON.stringify(data.scenarios)}, hot = ${data.hot ? 1 : 0}, visible = 1
          WHERE id = ${id}`,
      );
      await writeEditions(trx, id, data.editions);
      await reindexItem(trx, 'product', id);
    });
  }

  async hide(id: number): Promise<void> {
    await run(this.db, sql`UPDATE products SET visible = 0 WHERE id = ${id}`);
    await reindexItem(this.db, 'product', id);
  }

  /** The product as its page shows it, from data not published (a draft): the staff's preview. */
  async detailOf(row: ProductRow, data: ProductEdit): Promise<Product> {
    const category = await one<{ name: string }>(
      this.db,
      sql`SELECT name FROM product_categories WHERE id = ${data.categoryId}`,
    );
    return {
      id: row.id,
      associationNo: row.associationNo,
      categoryName: category?.name ?? '',
      ...data,
      // An edition new in the draft has no id until published: its page can show it, not order it.
      editions: data.editions.map((edition) => ({ ...edition, id: edition.id ?? 0 })),
    };
  }
}

/**
 * The product's editions as published: each one the form kept (by its id, or,
 * for one without, by its name: a restored version's editions are the ones
 * sold before) gets its name, price, unit, features and place; one new is
 * added; the rest are hidden.
 */
async function writeEditions(db: Db, productId: number, editions: readonly EditionEdit[]): Promise<void> {
  const existing = await all<{ id: number; name: string }>(
    db,
    sql`SELECT id, name FROM product_editions WHERE product_id = ${productId} ORDER BY visible DESC, id`,
  );
  const kept = new Set<number>();
  for (const [sort, edition] of editions.entries()) {
    const match =
      existing.find((row) => Number(row.id) === edition.id && !kept.has(Number(row.id))) ??
      existing.find((row) => row.name === edition.name && !kept.has(Number(row.id)));
    const features = JSON.stringify(edition.features);
    if (match) {
      kept.add(Number(match.id));
      await run(
        db,
        sql`UPDATE product_editions SET name = ${edition.name}, price_fen = ${edition.priceFen}, unit = ${edition.unit},
          features = ${features}, sort = ${sort}, visible = 1 WHERE id = ${match.id}`,
      );
    } else
      await run(
        db,
        sql`INSERT INTO product_editions (product_id, name, price_fen, unit, features, sort, visible)
          VALUES (${productId}, ${edition.name}, ${edition.priceFen}, ${edition.unit}, ${features}, ${sort}, 1)`,
      );
  }
  const removed = existing.map((row) => Number(row.id)).filter((id) => !kept.has(id));
  if (removed.length) await run(db, sql`UPDATE product_editions SET visible = 0 WHERE id IN (${sql.join(removed)})`);
}

/** The pages a product shows on: its own (by id and console number), the lists, the home page, the order form, the topic page, search and the site maps; every page when the footer's popular products change with it (see `changesFooter`). */
export const productPaths = (
  id: number,
  versions: ReadonlyArray<ProductEdit & { associationNo?: string; visible?: boolean }>,
) => {
  if (
    changesFooter(
      versions,
      (product) => product.hot,
      (product) => product.name,
    )
  )
    return ['*'];
  const numbers = versions.flatMap((version) => (version.associationNo ? [`/product/${version.associationNo}`] : []));
  return [
    '/',
    '/home',
    '/en',
    '/product',
    `/product/${id}`,
    ...new Set(numbers),
    '/order/create',
    '/meiqia/card',
    '/topic/battery',
    '/sitemap.xml',
    '/mapsite',
    '/searchRes',
  ];
};

/** Products as publishing knows them: their table, name, pages and the product page's preview. */
export const productContent = (items: ProductItems): KindOfContent<ProductEdit> => ({
  kind: 'product',
  table: items,
  editOf: ({ categoryId, name, summary, hot, descriptionHtml, highlights, scenarios, editions }) => ({
    categoryId,
    name,
    summary,
    hot,
    descriptionHtml,
    highlights,
    scenarios,
    editions: editions.map(({ id, name, priceFen, unit, features }) => ({
      ...(id && { id }),
      name,
      priceFen,
      unit,
      features,
    })),
  }),
  title: (data) => data.name,
  paths: (id, versions) => productPaths(id, versions),
  preview: (latest): Partial<ContentSource> => ({
    async product(key) {
      const id = await items.idOf(key);
      const row = id && (await items.byId(id));
      const data = row && (await latest(row.id));
      return row && data ? items.detailOf(row, data) : undefined;
    },
  }),
});
