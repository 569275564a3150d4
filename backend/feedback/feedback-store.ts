import { sql } from 'kysely';
import type { Feedback } from '../../contract/feedback';
import { all, type Db, one } from '../db/query';

export interface StoredFeedback extends Feedback {
  id: number;
  page: string | null;
  createdAt: string;
}

/** Visitor feedback, kept for the service team. */
export class FeedbackStore {
  constructor(private readonly db: Db) {}

  async add(entry: Feedback, page: string | null = null): Promise<number> {
    const row = await one(
      this.db,
      sql<{ id: number }>`INSERT INTO feedback (topic, content, contact_name, contact, page, created_at)
        VALUES (${entry.topic}, ${entry.content}, ${entry.contactName}, ${entry.contact}, ${page}, ${new Date().toISOString()})
        RETURNING id`,
    );
    return Number(row?.id);
  }

  latest(limit = 20): Promise<StoredFeedback[]> {
    return all(
      this.db,
      sql<StoredFeedback>`SELECT id, topic, content, contact_name AS "contactName", contact, page, created_at AS "createdAt"
        FROM feedback ORDER BY id DESC LIMIT ${limit}`,
    );
  }
}
