import type { Feedback } from '../../contract/feedback';
import type { Db } from '../db/connection';

export interface StoredFeedback extends Feedback {
  id: number;
  page: string | null;
  createdAt: string;
}

/** Visitor feedback, kept for the service team. */
export class FeedbackStore {
  constructor(private readonly db: Db) {}

  add(entry: Feedback, page: string | null = null): number {
    const result = this.db
      .prepare(
        'INSERT INTO feedback (topic, content, contact_name, contact, page, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(entry.topic, entry.content, entry.contactName, entry.contact, page, new Date().toISOString());
    return Number(result.lastInsertRowid);
  }

  latest(limit = 20): StoredFeedback[] {
    return this.db
      .prepare(
        `SELECT id, topic, content, contact_name AS contactName, contact, page, created_at AS createdAt
         FROM feedback ORDER BY id DESC LIMIT ?`,
      )
      .all(limit) as StoredFeedback[];
  }
}
