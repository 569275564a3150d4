import type { Migration } from '../migrate';
import { execScript, schemaWords } from './schema';

/**
 * Product orders. An order keeps what was bought at the price of that day
 * (names and prices are copied, not joined); a repeated submission with the
 * same idempotency key finds the order it already made.
 */
export const orders: Migration = {
  version: 6,
  name: 'orders',
  async up(db, dialect) {
    const { id } = schemaWords(dialect);
    await execScript(
      db,
      `
      CREATE TABLE orders (
        id ${id},
        order_no TEXT NOT NULL UNIQUE,
        company_id INTEGER NOT NULL REFERENCES companies (id),
        user_id INTEGER NOT NULL REFERENCES users (id),
        product_id INTEGER NOT NULL REFERENCES products (id),
        edition_id INTEGER NOT NULL REFERENCES product_editions (id),
        product_name TEXT NOT NULL,
        edition_name TEXT NOT NULL,
        unit TEXT NOT NULL,
        unit_price_fen INTEGER NOT NULL CHECK (unit_price_fen >= 0),
        quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 999),
        total_fen INTEGER NOT NULL CHECK (total_fen >= 0),
        contact_name TEXT NOT NULL,
        contact_phone TEXT NOT NULL,
        remark TEXT NOT NULL DEFAULT '',
        status TEXT NOT NULL DEFAULT 'submitted',
        idempotency_key TEXT NOT NULL,
        request_hash TEXT NOT NULL,
        created_at TEXT NOT NULL,
        UNIQUE (user_id, idempotency_key)
      );
      CREATE INDEX orders_company ON orders (company_id, created_at DESC, id DESC);
    `,
    );
  },
};
