import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { type BackendLog, createEmbeddedBackend, type EmbeddedBackend } from '../backend';
import { PORTAL_APP_ID } from '../backend/accounts/apps';
import type { StreamLimitSettings } from '../backend/chat/stream-limits';
import { createApp, type PortalApp } from '../host/app';
import type { TrustProxy } from '../host/config';
import { createLogger } from '../host/logger';
import { mediaUrl } from '../host/media';
import type { PageCacheOptions } from '../host/routes/page-cache';
import { serviceFront } from '../host/security';
import { listen } from './http';

export interface TestPortal {
  backend: EmbeddedBackend;
  /** The back-end's SQLite file, to look into or change behind its back (a portal on PostgreSQL has none: it throws). */
  readonly sqlite: Database.Database;
  /** The portal's app: its settings may be changed while it runs (`PUBLIC_ORIGIN_SETTING`). */
  app: PortalApp;
  server: Server;
  port: number;
  origin: string;
  dataDir: string;
  /** Stops listening (cutting open connections, chat streams included), closes the database and removes its own data folder. */
  close(): Promise<void>;
}

/** A portal with its embedded back-end on a fresh database, listening on loopback. */
export async function startTestPortal(
  options: {
    signInAttempts?: number;
    signInAttemptsPerAddress?: number;
    feedbackLimit?: number;
    searchLimit?: number;
    renderLimit?: number;
    notFoundLimit?: number;
    trustProxy?: TrustProxy;
    publicOrigin?: string;
    dataDir?: string;
    /** A `postgres://` address: the back-end keeps its data there instead of SQLite in `dataDir`. */
    databaseUrl?: string;
    /** What signs agent cookies and forms: give instances of one test the same to make them one site. */
    sessionSecret?: string;
    pageCache?: PageCacheOptions | false | 'on' | 'off';
    chat?: {
      agentPassword?: string;
      partnerOrigins?: string[];
      messagesPerMinute?: number;
      conversationsPerVisitor?: number;
      conversationsPerAddress?: number;
      streamLimits?: Partial<StreamLimitSettings>;
      visitorsPerAddress?: number;
    };
    /** Where the back-end's warnings and errors go (default: the console's error output). */
    log?: BackendLog;
    /** An administrator of the studio made at start (STUDIO_ADMIN_LOGIN and STUDIO_ADMIN_PASSWORD). */
    studioAdmin?: { login: string; password: string };
    /** How often scheduled publishing looks for what is due. */
    publishCheckMs?: number;
    /** Uploaded images: the largest taken, and a folder to keep them in (MEDIA_MAX_BYTES, MEDIA_DIR). */
    media?: { maxBytes?: number; dir?: string };
  } = {},
): Promise<TestPortal> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'portal-test-'));
  const backend = await createEmbeddedBackend({
    dataDir,
    databaseUrl: options.databaseUrl,
    sessionSecret: options.sessionSecret,
    signInAttempts: options.signInAttempts,
    signInAttemptsPerAddress: options.signInAttemptsPerAddress,
    feedbackLimit: options.feedbackLimit,
    studioAdmin: options.studioAdmin,
    publishCheckMs: options.publishCheckMs,
    media: options.media,
    chat: options.chat,
    // Limits and throttles at work are what many tests do: their warnings would bury the run's output.
    log: options.log ?? { error: (_fields, message) => console.error(message), warn: () => {} },
    mediaUrl,
  });
  const app = createApp({
    widgetsDir: 'dist/widgets',
    logLevel: 'silent',
    env: 'local',
    backend,
    feedbackLimit: options.feedbackLimit,
    searchLimit: options.searchLimit,
    renderLimit: options.renderLimit,
    notFoundLimit: options.notFoundLimit,
    trustProxy: options.trustProxy,
    publicOrigin: options.publicOrigin,
    pageCache: options.pageCache,
  });
  const { server, port } = await listen(app);
  const origin = `http://127.0.0.1:${port}`;
  backend.apps.register(PORTAL_APP_ID, [origin, `http://127.0.0.1:${port + 1}`]);
  return {
    backend,
    get sqlite() {
      if (!backend.sqlite) throw new Error('This test portal keeps its data in PostgreSQL');
      return backend.sqlite;
    },
    app,
    server,
    port,
    origin,
    dataDir,
    close: () => closeTestPortal(server, backend, options.dataDir ? undefined : dataDir),
  };
}

/**
 * Stops a test portal: cuts open connections (chat streams included), closes the
 * database, and removes the data folder the test made for it (`ownDataDir`).
 */
export async function closeTestPortal(
  server: Server,
  backend: { close(): Promise<void> },
  ownDataDir?: string,
): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await backend.close();
  if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
}

/** The portal's front (security headers, request log) for a service app a test serves beside it, as server.ts does the console. */
export const testServiceFront = () => serviceFront(createLogger('silent'));
