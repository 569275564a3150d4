import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../host/app';
import { mediaUrl } from '../../host/media';
import { listen } from '../../host/test-support/server';
import { createEmbeddedBackend, type EmbeddedBackend } from '../index';

/** One instance of the portal with its embedded back-end, on a database others may share. */
export interface TestInstance {
  backend: EmbeddedBackend;
  port: number;
  close(): Promise<void>;
}

/**
 * An instance on the PostgreSQL database at `databaseUrl` (or SQLite in a data
 * folder of its own without one), listening on loopback, with the same secret
 * as every other instance of the test.
 */
export async function startInstance(
  databaseUrl: string | undefined,
  options: { feedbackLimit?: number; chat?: { agentPassword?: string; messagesPerMinute?: number } } = {},
): Promise<TestInstance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-instance-'));
  const backend = await createEmbeddedBackend({
    dataDir,
    databaseUrl,
    sessionSecret: 'the same secret on every instance of this test, 32+ characters',
    feedbackLimit: options.feedbackLimit,
    chat: { conversationsPerAddress: 1000, ...options.chat },
    mediaUrl,
  });
  const { server, port }: { server: Server; port: number } = await listen(
    createApp({
      widgetsDir: 'dist/widgets',
      logLevel: 'silent',
      env: 'local',
      backend,
      feedbackLimit: options.feedbackLimit,
      pageCache: false,
    }),
  );
  return {
    backend,
    port,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await backend.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
