import { startTestPortal, type TestPortal } from '../../test-support/portal';

/** One instance of the portal with its embedded back-end, on a database others may share. */
export type TestInstance = Pick<TestPortal, 'backend' | 'port' | 'close'>;

/**
 * An instance on the PostgreSQL database at `databaseUrl` (or SQLite in a data
 * folder of its own without one), listening on loopback, with the same secret
 * as every other instance of the test and no page cache.
 */
export function startInstance(
  databaseUrl: string | undefined,
  options: { feedbackLimit?: number; chat?: { agentPassword?: string; messagesPerMinute?: number } } = {},
): Promise<TestInstance> {
  return startTestPortal({
    databaseUrl,
    sessionSecret: 'the same secret on every instance of this test, 32+ characters',
    feedbackLimit: options.feedbackLimit,
    chat: { conversationsPerAddress: 1000, ...options.chat },
    pageCache: false,
  });
}
