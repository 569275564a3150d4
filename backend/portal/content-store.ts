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
import type { Db } from '../db/connection';

const parseJson = <T>(text: string): T => JSON.parse(text) as T;

/** Read access to the portal's content; every query is a prepared statement. */
export class ContentStore {
  constructor(private readonly db: Db) {}

  /**
   * One page of `select ... from table [where filter]` in `order`, with the total.
   * Only the column named in `filter` (fixed by the caller, never by input) is compared.
   */
  private paged<T>(
    select: string,
    table: string,
    order: string,
    paging: { page: number; pageSize: number },
    filter?: { column: string; value: unknown },
  ): Page<T> {
    const where = filter?.value === undefined ? '' : `WHERE ${filter.column} = @value`;
    const params = { value: filter?.value, limit: paging.pageSize, offset: (paging.page - 1) * paging.pageSize };
    const list = this.db
      .prepare(`SELECT ${select} FROM ${table} ${where} ORDER BY ${order} LIMIT @limit OFFSET @offset`)
      .all(params) as T[];
    const { n } = this.db.prepare(`SELECT count(*) AS n FROM ${table} ${where}`).get(params) as { n: number };
    return { list, total: n, page: paging.page, pageSize: paging.pageSize };
  }

  productCategories() {
    return this.db.prepare('SELECT id, name FROM product_categories ORDER BY sort').all() as Array<{
      id: number;
      name: string;
    }>;
  }

  products(filter: { categoryId?: number; page: number; pageSize: number }): Page<ProductSummary> {
    const page = this.paged<Omit<ProductSummary, 'hot'> & { hot: number }>(
      'id, association_no AS associationNo, category_id AS categoryId, name, summary, hot',
      'products',
      'sort, id',
      filter,
      { column: 'category_id', value: filter.categoryId },
    );
    return { ...page, list: page.list.map((row) => ({ ...row, hot: row.hot === 1 })) };
  }

  /** A product by id or by the console's association number (chat cards use the latter). */
  product(key: number | string): Product | undefined {
    const row = this.db
      .prepare(
        `SELECT p.id, p.association_no AS associationNo, p.category_id AS categoryId, c.name AS categoryName, p.name,
                p.summary, p.description_html AS descriptionHtml, p.highlights, p.scenarios, p.hot
         FROM products p JOIN product_categories c ON c.id = p.category_id
         WHERE ${typeof key === 'number' ? 'p.id' : 'p.association_no'} = ?`,
      )
      .get(key) as
      | (Omit<Product, 'highlights' | 'scenarios' | 'hot' | 'editions'> & {
          highlights: string;
          scenarios: string;
          hot: number;
        })
      | undefined;
    if (!row) return undefined;
    const editions = this.db
      .prepare(
        'SELECT id, name, price_fen AS priceFen, unit, features FROM product_editions WHERE product_id = ? ORDER BY sort',
      )
      .all(row.id) as Array<Omit<Edition, 'features'> & { features: string }>;
    return {
      ...row,
      hot: row.hot === 1,
      highlights: parseJson<Product['highlights']>(row.highlights),
      scenarios: parseJson<string[]>(row.scenarios),
      editions: editions.map((edition) => ({ ...edition, features: parseJson<string[]>(edition.features) })),
    };
  }

  solutions(filter: { page: number; pageSize: number }): Page<SolutionSummary> {
    const page = this.paged<Omit<SolutionSummary, 'common'> & { common: number }>(
      'id, association_no AS associationNo, title, industry, summary, common',
      'solutions',
      'sort, id',
      filter,
    );
    return { ...page, list: page.list.map((row) => ({ ...row, common: row.common === 1 })) };
  }

  solution(key: number | string): Solution | undefined {
    const row = this.db
      .prepare(
        `SELECT id, association_no AS associationNo, title, industry, summary, pain_points AS painPoints,
                content_html AS contentHtml, product_ids AS productIds, common
         FROM solutions WHERE ${typeof key === 'number' ? 'id' : 'association_no'} = ?`,
      )
      .get(key) as
      | (Omit<Solution, 'painPoints' | 'productIds' | 'common'> & {
          painPoints: string;
          productIds: string;
          common: number;
        })
      | undefined;
    if (!row) return undefined;
    return {
      ...row,
      common: row.common === 1,
      painPoints: parseJson(row.painPoints),
      productIds: parseJson(row.productIds),
    };
  }

  cases(filter: { page: number; pageSize: number; industry?: string }): Page<CaseSummary> {
    return this.paged<CaseSummary>(
      'id, title, customer, industry, summary, solution_id AS solutionId, published_at AS publishedAt',
      'cases',
      'published_at DESC, id DESC',
      filter,
      { column: 'industry', value: filter.industry },
    );
  }

  caseById(id: number): CaseDetail | undefined {
    const row = this.db
      .prepare(
        `SELECT id, title, customer, industry, summary, content_html AS contentHtml, results,
                solution_id AS solutionId, published_at AS publishedAt
         FROM cases WHERE id = ?`,
      )
      .get(id) as (Omit<CaseDetail, 'results'> & { results: string }) | undefined;
    return row && { ...row, results: parseJson<CaseDetail['results']>(row.results) };
  }

  newsCategories() {
    return this.db.prepare('SELECT id, title FROM news_categories ORDER BY sort').all() as Array<{
      id: number;
      title: string;
    }>;
  }

  news(filter: { categoryId?: number; page: number; pageSize: number }): Page<NewsSummary> {
    return this.paged<NewsSummary>(
      'id, category_id AS categoryId, title, summary, source, published_at AS publishedAt',
      'news',
      'published_at DESC, id DESC',
      filter,
      { column: 'category_id', value: filter.categoryId },
    );
  }

  newsItem(id: number): NewsDetail | undefined {
    return this.db
      .prepare(
        `SELECT n.id, n.category_id AS categoryId, c.title AS categoryTitle, n.title, n.summary,
                n.content_html AS contentHtml, n.source, n.published_at AS publishedAt
         FROM news n JOIN news_categories c ON c.id = n.category_id WHERE n.id = ?`,
      )
      .get(id) as NewsDetail | undefined;
  }

  innovationCategories(): InnovationCategory[] {
    return this.db
      .prepare('SELECT id, title, menu_template_id AS menuTemplateId FROM innovation_categories ORDER BY sort')
      .all() as InnovationCategory[];
  }

  programme<T extends ProgrammeTemplate>(categoryId: number, template: T): Programme<T> | undefined {
    const row = this.db
      .prepare('SELECT body FROM innovation_programmes WHERE category_id = ? AND template = ?')
      .get(categoryId, template) as { body: string } | undefined;
    return row && parseJson<Programme<T>>(row.body);
  }

  sections(page: SectionPage): PageSection[] {
    return this.db
      .prepare('SELECT anchor, title, html FROM page_sections WHERE page = ? ORDER BY sort')
      .all(page) as PageSection[];
  }

  helpArticles(): HelpArticleSummary[] {
    return this.db
      .prepare('SELECT id, category, title FROM help_articles ORDER BY category, sort, id')
      .all() as HelpArticleSummary[];
  }

  helpArticle(id: number): HelpArticle | undefined {
    return this.db
      .prepare('SELECT id, category, title, content_html AS contentHtml FROM help_articles WHERE id = ?')
      .get(id) as HelpArticle | undefined;
  }

  infoPages(): InfoSummary[] {
    return this.db
      .prepare('SELECT id, title, summary, published_at AS publishedAt FROM info_pages ORDER BY published_at DESC')
      .all() as InfoSummary[];
  }

  infoPage(id: number): InfoPage | undefined {
    return this.db
      .prepare(
        'SELECT id, title, summary, content_html AS contentHtml, published_at AS publishedAt FROM info_pages WHERE id = ?',
      )
      .get(id) as InfoPage | undefined;
  }

  films(year?: number): Film[] {
    return (
      year === undefined
        ? this.db.prepare('SELECT id, year, name, title, description, duration FROM films ORDER BY year DESC, id').all()
        : this.db
            .prepare('SELECT id, year, name, title, description, duration FROM films WHERE year = ? ORDER BY id')
            .all(year)
    ) as Film[];
  }

  film(year: number, name: string): Film | undefined {
    return this.db
      .prepare('SELECT id, year, name, title, description, duration FROM films WHERE year = ? AND name = ?')
      .get(year, name) as Film | undefined;
  }

  friendlyLinks(): Array<{ id: number; name: string; url: string }> {
    return this.db.prepare('SELECT id, name, url FROM friendly_links ORDER BY sort, id').all() as Array<{
      id: number;
      name: string;
      url: string;
    }>;
  }

  setting<T>(key: string): T | undefined {
    const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
    return row && parseJson<T>(row.value);
  }

  topic(slug: string): Topic | undefined {
    const row = this.db.prepare('SELECT body FROM topics WHERE slug = ?').get(slug) as { body: string } | undefined;
    return row && parseJson<Topic>(row.body);
  }

  hotProducts() {
    return this.db
      .prepare('SELECT id, name AS productName, id AS productId FROM products WHERE hot = 1 ORDER BY sort, id')
      .all();
  }

  commonSolutions() {
    return this.db.prepare('SELECT id, title FROM solutions WHERE common = 1 ORDER BY sort, id').all();
  }
}
