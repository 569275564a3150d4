import type { Migration } from '../migrate';
import { execScript } from './schema';

/**
 * The address a conversation was started from, as the server saw it (`req.ip`):
 * the agent inbox shows many from one address as one row, so that a flood from
 * one place cannot push the others out of sight. Conversations from before have
 * none, and stay rows of their own.
 */
export const conversationAddress: Migration = {
  version: 15,
  name: 'conversation address',
  async up(db) {
    await execScript(
      db,
      `
      ALTER TABLE chat_conversations ADD COLUMN address TEXT;
      CREATE INDEX chat_conversations_address ON chat_conversations (address, updated_at);
    `,
    );
  },
};
