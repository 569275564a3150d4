import type { Migration } from '../migrate';
import { execScript, schemaWords } from './schema';

/**
 * The catalogue as the studio publishes it. Product categories, products,
 * their editions, solutions and cases get `visible`, as news did (migration 17): a new item is
 * a row visitors are not shown until it is published, and taking one down
 * hides it; an edition removed from a product is hidden, not deleted, since
 * orders already placed name it. Each `*_shown` view is what visitors read.
 * An agreement (one code) gets an id the studio addresses it by, and the
 * version customers are asked to confirm: the newest published, or an older
 * one restored (`agreements` keeps every version's text).
 */
export const cataloguePublishing: Migration = {
  version: 20,
  name: 'catalogue-publishing',
  async up(db, dialect) {
    const { serial } = schemaWords(dialect);
    await execScript(
      db,
      `
      ALTER TABLE product_categories ADD COLUMN visible INTEGER NOT NULL DEFAULT 1;
      CREATE VIEW product_categories_shown AS SELECT * FROM product_categories WHERE visible = 1;
      ALTER TABLE products ADD COLUMN visible INTEGER NOT NULL DEFAULT 1;
      CREATE VIEW products_shown AS SELECT * FROM products WHERE visible = 1;
      ALTER TABLE product_editions ADD COLUMN visible INTEGER NOT NULL DEFAULT 1;
      CREATE VIEW product_editions_shown AS SELECT * FROM product_editions WHERE visible = 1;
      ALTER TABLE solutions ADD COLUMN visible INTEGER NOT NULL DEFAULT 1;
      CREATE VIEW solutions_shown AS SELECT * FROM solutions WHERE visible = 1;
      ALTER TABLE cases ADD COLUMN visible INTEGER NOT NULL DEFAULT 1;
      CREATE VIEW cases_shown AS SELECT * FROM cases WHERE visible = 1;
      CREATE TABLE agreement_items (
        id ${serial},
        code TEXT NOT NULL UNIQUE,
        version TEXT NOT NULL,
        visible INTEGER NOT NULL DEFAULT 1
      );
      INSERT INTO agreement_items (code, version)
        SELECT code, max(template_version) FROM agreements GROUP BY code ORDER BY code;
    `,
    );
  },
};
