import type { Migration } from '../migrate';
import { execScript, schemaWords } from './schema';

/**
 * The portal's content. Lists inside an item (highlights, results, sections of a
 * programme) are JSON: they are always read and written with their item.
 */
export const content: Migration = {
  version: 2,
  name: 'content',
  async up(db, dialect) {
    const { id, json } = schemaWords(dialect);
    await execScript(
      db,
      `
      CREATE TABLE product_categories (id ${id}, name TEXT NOT NULL, sort INTEGER NOT NULL);
      CREATE TABLE products (
        id ${id},
        association_no TEXT NOT NULL UNIQUE,
        category_id INTEGER NOT NULL REFERENCES product_categories (id),
        name TEXT NOT NULL,
        summary TEXT NOT NULL,
        description_html TEXT NOT NULL,
        highlights TEXT NOT NULL ${json('highlights')},
        scenarios TEXT NOT NULL ${json('scenarios')},
        hot INTEGER NOT NULL DEFAULT 0 CHECK (hot IN (0, 1)),
        sort INTEGER NOT NULL
      );
      CREATE INDEX products_category ON products (category_id, sort);
      CREATE TABLE product_editions (
        id ${id},
        product_id INTEGER NOT NULL REFERENCES products (id),
        name TEXT NOT NULL,
        price_fen INTEGER NOT NULL CHECK (price_fen >= 0),
        unit TEXT NOT NULL,
        features TEXT NOT NULL ${json('features')},
        sort INTEGER NOT NULL
      );
      CREATE INDEX product_editions_product ON product_editions (product_id, sort);
      CREATE TABLE solutions (
        id ${id},
        association_no TEXT NOT NULL UNIQUE,
        title TEXT NOT NULL,
        industry TEXT NOT NULL,
        summary TEXT NOT NULL,
        pain_points TEXT NOT NULL ${json('pain_points')},
        content_html TEXT NOT NULL,
        product_ids TEXT NOT NULL ${json('product_ids')},
        common INTEGER NOT NULL DEFAULT 0 CHECK (common IN (0, 1)),
        sort INTEGER NOT NULL
      );
      CREATE TABLE cases (
        id ${id},
        title TEXT NOT NULL,
        customer TEXT NOT NULL,
        industry TEXT NOT NULL,
        summary TEXT NOT NULL,
        content_html TEXT NOT NULL,
        results TEXT NOT NULL ${json('results')},
        solution_id INTEGER REFERENCES solutions (id),
        published_at TEXT NOT NULL
      );
      CREATE INDEX cases_published ON cases (published_at DESC);
      CREATE TABLE news_categories (id ${id}, title TEXT NOT NULL, sort INTEGER NOT NULL);
      CREATE TABLE news (
        id ${id},
        category_id INTEGER NOT NULL REFERENCES news_categories (id),
        title TEXT NOT NULL,
        summary TEXT NOT NULL,
        content_html TEXT NOT NULL,
        source TEXT NOT NULL,
        published_at TEXT NOT NULL
      );
      CREATE INDEX news_category_published ON news (category_id, published_at DESC);
      CREATE INDEX news_published ON news (published_at DESC);
      CREATE TABLE innovation_categories (
        id ${id},
        title TEXT NOT NULL,
        menu_template_id INTEGER NOT NULL CHECK (menu_template_id IN (1, 2)),
        sort INTEGER NOT NULL
      );
      CREATE TABLE innovation_programmes (
        category_id INTEGER PRIMARY KEY REFERENCES innovation_categories (id),
        template TEXT NOT NULL CHECK (template IN ('gswe', 'cxyy')),
        body TEXT NOT NULL ${json('body')}
      );
      -- Anchored sections of static pages: partners, about.
      CREATE TABLE page_sections (
        page TEXT NOT NULL,
        anchor TEXT NOT NULL,
        title TEXT NOT NULL,
        html TEXT NOT NULL,
        sort INTEGER NOT NULL,
        PRIMARY KEY (page, anchor)
      );
      CREATE TABLE help_articles (
        id ${id},
        category TEXT NOT NULL,
        title TEXT NOT NULL,
        content_html TEXT NOT NULL,
        sort INTEGER NOT NULL
      );
      CREATE TABLE info_pages (
        id ${id},
        title TEXT NOT NULL,
        summary TEXT NOT NULL,
        content_html TEXT NOT NULL,
        published_at TEXT NOT NULL
      );
      CREATE TABLE films (
        id ${id},
        year INTEGER NOT NULL,
        name TEXT NOT NULL,
        title TEXT NOT NULL,
        description TEXT NOT NULL,
        duration INTEGER NOT NULL,
        UNIQUE (year, name)
      );
      CREATE TABLE friendly_links (id ${id}, name TEXT NOT NULL, url TEXT NOT NULL, sort INTEGER NOT NULL);
      -- Single values: footer, questionnaire address.
      CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL ${json('value')});
      CREATE TABLE topics (slug TEXT PRIMARY KEY, body TEXT NOT NULL ${json('body')});
      CREATE TABLE agreements (
        code TEXT NOT NULL,
        template_version TEXT NOT NULL,
        title TEXT NOT NULL,
        content_html TEXT NOT NULL,
        PRIMARY KEY (code, template_version)
      );
      CREATE TABLE agreement_confirmations (
        user_id INTEGER NOT NULL REFERENCES users (id),
        code TEXT NOT NULL,
        template_version TEXT NOT NULL,
        confirmed_at TEXT NOT NULL,
        PRIMARY KEY (user_id, code, template_version)
      );
    `,
    );
  },
};
