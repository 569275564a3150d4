import type { Migration } from '../migrate';
import { execScript, schemaWords } from './schema';

/**
 * The built-in online customer service: one conversation per visitor (an
 * anonymous visitor, known by the hash of the secret id its browser keeps, or a
 * signed-in user) and its messages. Message ids are the order of the whole
 * service: a live stream resumes after the last id it saw.
 */
export const chat: Migration = {
  version: 7,
  name: 'online customer service',
  async up(db, dialect) {
    const { id, ms, serial } = schemaWords(dialect);
    await execScript(
      db,
      `
      CREATE TABLE chat_conversations (
        id ${id},
        visitor_hash TEXT UNIQUE,
        user_id INTEGER UNIQUE REFERENCES users (id),
        -- Name and mobile as the account service knows them, never as a page claims them.
        visitor_name TEXT,
        visitor_mobile TEXT,
        origin TEXT NOT NULL DEFAULT '',
        created_at ${ms} NOT NULL,
        updated_at ${ms} NOT NULL,
        -- The last message the agents have seen.
        agent_read_id INTEGER NOT NULL DEFAULT 0,
        CHECK (visitor_hash IS NOT NULL OR user_id IS NOT NULL)
      );
      CREATE TABLE chat_messages (
        id ${serial},
        conversation_id INTEGER NOT NULL REFERENCES chat_conversations (id),
        sender TEXT NOT NULL CHECK (sender IN ('visitor', 'agent')),
        kind TEXT NOT NULL CHECK (kind IN ('text', 'card', 'metadata')),
        -- Text, or JSON for cards and metadata.
        body TEXT NOT NULL,
        -- The sender's own id for the message: a retry after a lost answer is not stored twice.
        client_id TEXT,
        created_at ${ms} NOT NULL
      );
      CREATE UNIQUE INDEX chat_messages_client ON chat_messages (conversation_id, client_id);
      CREATE INDEX chat_messages_conversation ON chat_messages (conversation_id, id);
      CREATE INDEX chat_conversations_updated ON chat_conversations (updated_at);
    `,
    );
  },
};
