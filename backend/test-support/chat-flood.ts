import { sql } from 'kysely';
import { all, type Db } from '../db/query';

export interface Flood {
  count: number;
  /** When the `i`th visitor wrote (ms): its conversation's last activity. */
  at: (i: number) => number;
  /** The address the `i`th conversation was started from. */
  address: (i: number) => string;
  /** Its one message. */
  text: (i: number) => string;
  /** Tells this flood's visitors from another's (their ids must differ). */
  prefix?: string;
}

/** Rows per statement: well under either database's limit of parameters. */
const BATCH = 250;

/**
 * One-message anonymous conversations written straight into the database, a
 * batch at a time: thousands in a moment, where posting them would take minutes.
 */
export async function floodInbox(db: Db, flood: Flood): Promise<void> {
  const prefix = flood.prefix ?? 'flood';
  for (let from = 0; from < flood.count; from += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, flood.count - from) }, (_, k) => from + k);
    await sql`INSERT INTO chat_conversations (visitor_hash, origin, address, created_at, updated_at) VALUES ${sql.join(
      batch.map(
        (i) => sql`(${`${prefix}-${i}`}, 'http://127.0.0.1', ${flood.address(i)}, ${flood.at(i)}, ${flood.at(i)})`,
      ),
    )}`.execute(db);
    const rows = await all(
      db,
      sql<{ id: number; visitor_hash: string }>`SELECT id, visitor_hash FROM chat_conversations
        WHERE visitor_hash IN (${sql.join(batch.map((i) => `${prefix}-${i}`))})`,
    );
    const idOf = new Map(rows.map((row) => [row.visitor_hash, Number(row.id)]));
    await sql`INSERT INTO chat_messages (conversation_id, sender, kind, body, created_at) VALUES ${sql.join(
      batch.map((i) => sql`(${idOf.get(`${prefix}-${i}`)}, 'visitor', 'text', ${flood.text(i)}, ${flood.at(i)})`),
    )}`.execute(db);
  }
}
