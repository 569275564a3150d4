import type { Migration } from '../migrate';
import { execScript, schemaWords } from './schema';

/**
 * Agent inbox sessions ended by signing out, kept until they would have
 * expired: the cookie alone is signed and would otherwise go on opening the
 * inbox (a copy in another tab, or a stolen one) on every instance.
 */
export const agentSignOuts: Migration = {
  version: 12,
  name: 'agent sign-outs',
  async up(db, dialect) {
    const { ms } = schemaWords(dialect);
    await execScript(
      db,
      `
      CREATE TABLE chat_agent_sign_outs (
        session TEXT PRIMARY KEY,
        expires_at ${ms} NOT NULL
      );
      CREATE INDEX chat_agent_sign_outs_expires_at ON chat_agent_sign_outs (expires_at);
    `,
    );
  },
};
