import type { Migration } from '../migrate';
import { execScript } from './schema';

/**
 * The site's pages published from the studio: news categories, innovation
 * training, help, information pages, page sections, films and friendly links
 * each get `visible` (a row not published yet, or taken down, that visitors are
 * not shown). Page sections and topics get numeric ids, as every item the
 * studio edits has; the ones there are numbered in their pages' order.
 */
export const pagesPublishing: Migration = {
  version: 21,
  name: 'pages publishing',
  async up(db) {
    await execScript(
      db,
      `
      ALTER TABLE news_categories ADD COLUMN visible INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE innovation_categories ADD COLUMN visible INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE help_articles ADD COLUMN visible INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE info_pages ADD COLUMN visible INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE films ADD COLUMN visible INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE friendly_links ADD COLUMN visible INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE page_sections ADD COLUMN visible INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE page_sections ADD COLUMN id INTEGER;
      UPDATE page_sections SET id = (SELECT count(*) FROM page_sections p
        WHERE p.page < page_sections.page OR (p.page = page_sections.page AND p.sort <= page_sections.sort));
      CREATE UNIQUE INDEX page_sections_id ON page_sections (id);
      ALTER TABLE topics ADD COLUMN id INTEGER;
      UPDATE topics SET id = (SELECT count(*) FROM topics t WHERE t.slug <= topics.slug);
      CREATE UNIQUE INDEX topics_id ON topics (id);
    `,
    );
  },
};
