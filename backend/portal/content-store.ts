import { sql } from 'kysely';
import type {
  CaseDetail,
  CaseSummary,
  Edition,
  Film,
  HelpArticle,
  HelpArticleSummary,
  InfoPage,
  InfoSummary,
  InnovationCategory,
  NewsDetail,
  NewsSummary,
  Page,
  PageSection,
  Product,
  ProductSummary,
  Programme,
  ProgrammeTemplate,
  SectionPage,
  Solution,
  SolutionSummary,
  Topic,
} from '../../contract/content';
import { all, type Db, one } from '../db/query';

const parseJson = <T>(text: string): T => JSON.parse(text) as T;

/**
 * Read access to the portal's content; every value is a bound parameter.
 * One file past 250 lines on purpose: one short read per content shape of
 * contract/content.ts, in the same order, each a few lines; split by shape,
 * the files would hold a method or two each.
 */
export class ContentStore {
  constructor(private readonly db: Db) {}

  /**
   * One page of `select ... from table [where filter]` in `order`, with the total.
   * Only the column named in `filter` (fixed by the caller, never by input) is compared.
   */
  private async paged<T>(
    select: string,
    table: string,
    order: string,
    paging: { page: number; pageSize: number },
    filter?: { column: string; value: unknown },
  ): Promise<Page<T>> {
    const where = filter?.value === undefined ? sql`` : sql`WHERE ${sql.ref(filter.column)} = ${filter.value}`;
    const from = sql`FROM ${sql.table(table)} ${where}`;
    const list = await all(
      this.db,
      sql<T>`SELECT ${sql.raw(select)} ${from} ORDER BY ${sql.raw(order)}
        LIMIT ${paging.pageSize} OFFSET ${(paging.page - 1) * paging.pageSize}`,
    );
    const counted = await one(this.db, sql<{ n: number }>`SELECT count(*) AS n ${from}`);
    return { list, total: Number(counted?.n ?? 0), page: paging.page, pageSize: paging.pageSize };
  }

  productCategories() {
    return all(this.db, sql<{ id: number; name: string }>`SELECT id, name FROM product_categories_shown ORDER BY sort`);
  }

  async products(filter: { categoryId?: number; page: number; pageSize: number }): Promise<Page<ProductSummary>> {
    const page = await this.paged<Omit<ProductSummary, 'hot'> & { hot: number }>(
      'id, association_no AS "associationNo", category_id AS "categoryId", name, summary, hot',
      // What visitors may see: published, not taken down (the *_shown views, migration 20).
      'products_shown',
      'sort, id',
      filter,
      { column: 'category_id', value: filter.categoryId },
    );
    return { ...page, list: page.list.map((row) => ({ ...row, hot: row.hot === 1 })) };
  }

  /** A product by id or by the console's association number (chat cards use the latter). */
  async product(key: number | string): Promise<Product | undefined> {
    const row = await one(
      this.db,
      sql<
        Omit<Product, 'highlights' | 'scenarios' | 'hot' | 'editions'> & {
          highlights: string;
          scenarios: string;
          hot: number;
        }
      >`SELECT p.id, p.association_no AS "associationNo", p.category_id AS "categoryId", c.name AS "categoryName", p.name,
               p.summary, p.description_html AS "descriptionHtml", p.highlights, p.scenarios, p.hot
        FROM products_shown p JOIN product_categories c ON c.id = p.category_id
        WHERE ${typeof key === 'number' ? sql`p.id = ${key}` : sql`p.association_no = ${key}`}`,
    );
    if (!row) return undefined;
    const editions = await all(
      this.db,
      sql<Omit<Edition, 'features'> & { features: string }>`SELECT id, name, price_fen AS "priceFen", unit, features
        FROM product_editions_shown WHERE product_id = ${row.id} ORDER BY sort`,
    );
    return {
      ...row,
      hot: row.hot === 1,
      highlights: parseJson<Product['highlights']>(row.highlights),
      scenarios: parseJson<string[]>(row.scenarios),
      editions: editions.map((edition) => ({ ...edition, features: parseJson<string[]>(edition.features) })),
    };
  }

  async solutions(filter: { page: number; pageSize: number }): Promise<Page<SolutionSummary>> {
    const page = await this.paged<Omit<SolutionSummary, 'common'> & { common: number }>(
      'id, association_no AS "associationNo", title, industry, summary, common',
      'solutions_shown',
      'sort, id',
      filter,
    );
    return { ...page, list: page.list.map((row) => ({ ...row, common: row.common === 1 })) };
  }

  async solution(key: number | string): Promise<Solution | undefined> {
    const row = await one(
      this.db,
      sql<
        Omit<Solution, 'painPoints' | 'productIds' | 'common'> & {
          painPoints: string;
          productIds: string;
          common: number;
        }
      >`SELECT id, association_no AS "associationNo", title, industry, summary, pain_points AS "painPoints",
               content_html AS "contentHtml", product_ids AS "productIds", common
        FROM solutions_shown WHERE ${typeof key === 'number' ? sql`id = ${key}` : sql`association_no = ${key}`}`,
    );
    if (!row) return undefined;
    return {
      ...row,
      common: row.common === 1,
      painPoints: parseJson(row.painPoints),
      productIds: parseJson(row.productIds),
    };
  }

  cases(filter: { page: number; pageSize: number; industry?: string }): Promise<Page<CaseSummary>> {
    return this.paged<CaseSummary>(
      'id, title, customer, industry, summary, solution_id AS "solutionId", published_at AS "publishedAt"',
      'cases_shown',
      'published_at DESC, id DESC',
      filter,
      { column: 'industry', value: filter.industry },
    );
  }

  async caseById(id: number): Promise<CaseDetail | undefined> {
    const row = await one(
      this.db,
      sql<Omit<CaseDetail, 'results'> & { results: string }>`SELECT id, title, customer, industry, summary,
          content_html AS "contentHtml", results, solution_id AS "solutionId", published_at AS "publishedAt"
        FROM cases_shown WHERE id = ${id}`,
    );
    return row && { ...row, results: parseJson<CaseDetail['results']>(row.results) };
  }

  newsCategories() {
    return all(
      this.db,
      sql<{ id: number; title: string }>`SELECT id, title FROM news_categories WHERE visible = 1 ORDER BY sort`,
    );
  }

  news(filter: { categoryId?: number; page: number; pageSize: number }): Promise<Page<NewsSummary>> {
    return this.paged<NewsSummary>(
      'id, category_id AS "categoryId", title, summary, source, published_at AS "publishedAt"',
      // What visitors may see: published, not taken down (news_shown, migration 17).
      'news_shown',
      'published_at DESC, id DESC',
      filter,
      { column: 'category_id', value: filter.categoryId },
    );
  }

  newsItem(id: number): Promise<NewsDetail | undefined> {
    return one(
      this.db,
      sql<NewsDetail>`SELECT n.id, n.category_id AS "categoryId", c.title AS "categoryTitle", n.title, n.summary,
          n.content_html AS "contentHtml", n.source, n.published_at AS "publishedAt"
        FROM news_shown n JOIN news_categories c ON c.id = n.category_id WHERE n.id = ${id}`,
    );
  }

  innovationCategories(): Promise<InnovationCategory[]> {
    return all(
      this.db,
      sql<InnovationCategory>`SELECT id, title, menu_template_id AS "menuTemplateId" FROM innovation_categories
        WHERE visible = 1 ORDER BY sort`,
    );
  }

  async programme<T extends ProgrammeTemplate>(categoryId: number, template: T): Promise<Programme<T> | undefined> {
    const row = await one(
      this.db,
      sql<{
        body: string;
      }>`SELECT p.body FROM innovation_programmes p JOIN innovation_categories c ON c.id = p.category_id
        WHERE p.category_id = ${categoryId} AND p.template = ${template} AND c.visible = 1`,
    );
    return row && parseJson<Programme<T>>(row.body);
  }

  sections(page: SectionPage): Promise<PageSection[]> {
    return all(
      this.db,
      sql<PageSection>`SELECT anchor, title, html FROM page_sections WHERE page = ${page} AND visible = 1 ORDER BY sort`,
    );
  }

  helpArticles(): Promise<HelpArticleSummary[]> {
    return all(
      this.db,
      sql<HelpArticleSummary>`SELECT id, category, title FROM help_articles WHERE visible = 1 ORDER BY category, sort, id`,
    );
  }

  helpArticle(id: number): Promise<HelpArticle | undefined> {
    return one(
      this.db,
      sql<HelpArticle>`SELECT id, category, title, content_html AS "contentHtml" FROM help_articles WHERE id = ${id} AND visible = 1`,
    );
  }

  infoPages(): Promise<InfoSummary[]> {
    return all(
      this.db,
      sql<InfoSummary>`SELECT id, title, summary, published_at AS "publishedAt" FROM info_pages WHERE visible = 1 ORDER BY published_at DESC`,
    );
  }

  infoPage(id: number): Promise<InfoPage | undefined> {
    return one(
      this.db,
      sql<InfoPage>`SELECT id, title, summary, content_html AS "contentHtml", published_at AS "publishedAt"
        FROM info_pages WHERE id = ${id} AND visible = 1`,
    );
  }

  films(year?: number): Promise<Film[]> {
    return all(
      this.db,
      year === undefined
        ? sql<Film>`SELECT id, year, name, title, description, duration FROM films WHERE visible = 1
            ORDER BY year DESC, id`
        : sql<Film>`SELECT id, year, name, title, description, duration FROM films WHERE year = ${year} AND visible = 1
            ORDER BY id`,
    );
  }

  film(year: number, name: string): Promise<Film | undefined> {
    return one(
      this.db,
      sql<Film>`SELECT id, year, name, title, description, duration FROM films WHERE year = ${year} AND name = ${name}
        AND visible = 1`,
    );
  }

  friendlyLinks(): Promise<Array<{ id: number; name: string; url: string }>> {
    return all(
      this.db,
      sql<{ id: number; name: string; url: string }>`SELECT id, name, url FROM friendly_links WHERE visible = 1
        ORDER BY sort, id`,
    );
  }

  async setting<T>(key: string): Promise<T | undefined> {
    const row = await one(this.db, sql<{ value: string }>`SELECT value FROM settings WHERE key = ${key}`);
    return row && parseJson<T>(row.value);
  }

  async topic(slug: string): Promise<Topic | undefined> {
    const row = await one(this.db, sql<{ body: string }>`SELECT body FROM topics WHERE slug = ${slug}`);
    return row && parseJson<Topic>(row.body);
  }

  hotProducts() {
    return all(
      this.db,
      sql<{ id: number; productName: string; productId: number }>`SELECT id, name AS "productName", id AS "productId"
        FROM products_shown WHERE hot = 1 ORDER BY sort, id`,
    );
  }

  commonSolutions() {
    return all(
      this.db,
      sql<{ id: number; title: string }>`SELECT id, title FROM solutions_shown WHERE common = 1 ORDER BY sort, id`,
    );
  }
}
