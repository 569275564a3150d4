import { sql } from 'kysely';
import { insertDemoAccounts } from '../../accounts/demo-accounts';
import { readSeed } from '../../seed';
import type { Migration } from '../migrate';
import type { Db } from '../query';

const json = (value: unknown) => JSON.stringify(value);

/** Tables the seed fills with its own ids. */
const NUMBERED = [
  'product_categories',
  'products',
  'solutions',
  'cases',
  'news_categories',
  'news',
  'innovation_categories',
  'help_articles',
  'info_pages',
  'films',
  'friendly_links',
  'companies',
] as const;

const insert = async (db: Db, table: string, rows: Array<Record<string, unknown>>) => {
  if (rows.length) await db.insertInto(table).values(rows).execute();
};

/** The content and demo accounts of a fresh `local` portal. Runs once, like every migration. */
export const seedContent: Migration = {
  version: 3,
  name: 'seed content and demo accounts',
  async up(db, dialect) {
    const seed = readSeed();
    await insert(
      db,
      'product_categories',
      seed.productCategories.map((c) => ({ id: c.id, name: c.name, sort: c.sort })),
    );
    await insert(
      db,
      'products',
      seed.products.map((p) => ({
        id: p.id,
        association_no: p.associationNo,
        category_id: p.categoryId,
        name: p.name,
        summary: p.summary,
        description_html: p.descriptionHtml,
        highlights: json(p.highlights),
        scenarios: json(p.scenarios),
        hot: p.hot ? 1 : 0,
        sort: p.sort,
      })),
    );
    await insert(
      db,
      'product_editions',
      seed.products.flatMap((p) =>
        p.editions.map((e, index) => ({
          product_id: p.id,
          name: e.name,
          price_fen: e.priceFen,
          unit: e.unit,
          features: json(e.features),
          sort: index,
        })),
      ),
    );
    await insert(
      db,
      'solutions',
      seed.solutions.map((s) => ({
        id: s.id,
        association_no: s.associationNo,
        title: s.title,
        industry: s.industry,
        summary: s.summary,
        pain_points: json(s.painPoints),
        content_html: s.contentHtml,
        product_ids: json(s.productIds),
        common: s.common ? 1 : 0,
        sort: s.sort,
      })),
    );
    await insert(
      db,
      'cases',
      seed.cases.map((c) => ({
        id: c.id,
        title: c.title,
        customer: c.customer,
        industry: c.industry,
        summary: c.summary,
        content_html: c.contentHtml,
        results: json(c.results),
        solution_id: c.solutionId,
        published_at: c.publishedAt,
      })),
    );
    await insert(
      db,
      'news_categories',
      seed.newsCategories.map((c) => ({ id: c.id, title: c.title, sort: c.sort })),
    );
    await insert(
      db,
      'news',
      seed.news.map((n) => ({
        id: n.id,
        category_id: n.categoryId,
        title: n.title,
        summary: n.summary,
        content_html: n.contentHtml,
        source: n.source,
        published_at: n.publishedAt,
      })),
    );
    await insert(
      db,
      'innovation_categories',
      seed.innovationCategories.map((c) => ({
        id: c.id,
        title: c.title,
        menu_template_id: c.menuTemplateId,
        sort: c.sort,
      })),
    );
    await insert(db, 'innovation_programmes', [
      ...seed.gsweProgrammes.map((p) => ({ category_id: p.categoryId, template: 'gswe', body: json(p) })),
      ...seed.cxyyProgrammes.map((p) => ({ category_id: p.categoryId, template: 'cxyy', body: json(p) })),
    ]);
    await insert(
      db,
      'page_sections',
      (
        [
          ['partners', seed.partnerSections],
          ['about', seed.aboutSections],
        ] as const
      ).flatMap(([page, sections]) =>
        sections.map((s, index) => ({ page, anchor: s.anchor, title: s.title, html: s.html, sort: index })),
      ),
    );
    await insert(
      db,
      'help_articles',
      seed.helpArticles.map((a) => ({
        id: a.id,
        category: a.category,
        title: a.title,
        content_html: a.contentHtml,
        sort: a.sort,
      })),
    );
    await insert(
      db,
      'info_pages',
      seed.infoPages.map((i) => ({
        id: i.id,
        title: i.title,
        summary: i.summary,
        content_html: i.contentHtml,
        published_at: i.publishedAt,
      })),
    );
    await insert(
      db,
      'films',
      seed.films.map((f) => ({
        id: f.id,
        year: f.year,
        name: f.name,
        title: f.title,
        description: f.description,
        duration: f.duration,
      })),
    );
    await insert(
      db,
      'friendly_links',
      seed.friendlyLinks.map((l) => ({ id: l.id, name: l.name, url: l.url, sort: l.sort })),
    );
    await insert(db, 'settings', [
      { key: 'footer', value: json(seed.footer) },
      { key: 'wjUrl', value: json(seed.wjUrl) },
    ]);
    await insert(db, 'topics', [{ slug: seed.batteryTopic.slug, body: json(seed.batteryTopic) }]);
    await insert(
      db,
      'agreements',
      seed.agreements.map((a) => ({
        code: a.code,
        template_version: a.templateVersion,
        title: a.title,
        content_html: a.contentHtml,
      })),
    );
    await insertDemoAccounts(db, seed.agreements);

    // PostgreSQL numbers new rows from its own counter, which rows given an id do not move.
    if (dialect === 'postgres')
      for (const table of NUMBERED)
        await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${sql.table(table)}), false)`.execute(
          db,
        );
  },
};
