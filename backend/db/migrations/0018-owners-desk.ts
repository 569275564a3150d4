import type { Migration } from '../migrate';
import { execScript, schemaWords } from './schema';

/**
 * The owner's desk: each order remembers when its status last changed, and
 * every change is kept (from, to, who, when, an optional note) for the order's
 * history; feedback is marked handled by a staff member with a note.
 * Staff are named as well as numbered, so a deleted member's work stays readable.
 */
export const ownersDesk: Migration = {
  version: 18,
  name: "owner's desk",
  async up(db, dialect) {
    const { serial } = schemaWords(dialect);
    await execScript(
      db,
      `
      ALTER TABLE orders ADD COLUMN status_changed_at TEXT;
      CREATE INDEX orders_created ON orders (created_at DESC, id DESC);
      CREATE INDEX orders_status ON orders (status);
      CREATE TABLE order_events (
        id ${serial},
        order_id INTEGER NOT NULL REFERENCES orders (id),
        from_status TEXT NOT NULL,
        to_status TEXT NOT NULL,
        by_id INTEGER,
        by_name TEXT NOT NULL,
        note TEXT NOT NULL DEFAULT '',
        at TEXT NOT NULL
      );
      CREATE INDEX order_events_order ON order_events (order_id, id);
      ALTER TABLE feedback ADD COLUMN handled_at TEXT;
      ALTER TABLE feedback ADD COLUMN handled_by_id INTEGER;
      ALTER TABLE feedback ADD COLUMN handled_by_name TEXT;
      ALTER TABLE feedback ADD COLUMN handled_note TEXT NOT NULL DEFAULT '';
      CREATE INDEX feedback_unhandled ON feedback (handled_at, id);
    `,
    );
  },
};
