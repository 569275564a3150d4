import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import type { RequestHandler, Router } from 'express';
import { BRAND } from '../contract/environments';
import { FEEDBACK_LIMIT } from '../contract/feedback';
import type { MediaUrl } from '../contract/media';
import type { DataSources } from '../contract/sources';
import { AppRegistry } from './accounts/apps';
import { accountService } from './accounts/routes';
import { AccountStore } from './accounts/store';
import { chatService } from './chat';
import { postgresHubLink } from './chat/hub-link';
import type { ChatStore } from './chat/store';
import type { StreamLimitSettings } from './chat/stream-limits';
import {
  type DatabaseHealth,
  DatabaseUrlError,
  DataFolderError,
  type Db,
  describeDatabaseUrl,
  openPostgres,
  openSqlite,
  type PortalDatabase,
} from './db/connection';
import type { DialectName } from './db/query';
import { FeedbackStore } from './feedback/feedback-store';
import { dataFolderSecret, SECRET_FILE, type SigningKeys, signingKeys } from './http/keys';
import { databaseLimits, type LimitStores, processLimits } from './http/limit-store';
import { type Clock, SignInThrottle, type ThrottleSettings } from './http/throttle';
import { MediaLibrary } from './media/library';
import { mediaFiles } from './media/routes';
import { DatabaseStorage, FolderStorage, type MediaStorage } from './media/storage';
import { ContentStore } from './portal/content-store';
import { CustomerStore } from './portal/customer-store';
import { OrderStore } from './portal/order-store';
import { portalApi } from './portal/routes';
import { StaffOrders } from './portal/staff-orders';
import { ContentAnnouncer } from './publishing/changes';
import { ContentDesk, type DeskOfAnyKind, publishDue } from './publishing/content-desk';
import type { KindOfContent } from './publishing/content-kind';
import { ContentDrafts } from './publishing/drafts';
import { NewsItems, newsContent } from './publishing/news-items';
import { draftPreview } from './publishing/preview';
import { SearchStore } from './search/search-store';
import { embeddedSources } from './sources';
import { AuditLog } from './staff/audit';
import { type StaffAuth, staffAuth } from './staff/staff-auth';
import { StaffStore } from './staff/staff-store';
import { prepareStaff } from './staff/start';
import { refuseStaffForm, studioRoutes } from './studio';
import { catalogueDesks } from './studio/catalogue-desks';
import { studioDesk } from './studio/content-desk';
import { newsDeskView } from './studio/news-desk';
import { pageDeskSet } from './studio/page-desk-set';

/** What the back-end needs of a logger (pino's is one). */
export interface BackendLog {
  error(fields: object, message: string): void;
  /** A limit or a throttle at work: worth a look, not a fault (error when absent). */
  warn?(fields: object, message: string): void;
}

export interface EmbeddedBackend {
  db: Db;
  /** Which database it keeps its data in: SQLite in the data folder, or PostgreSQL at `databaseUrl`. */
  dialect: DialectName;
  /** On SQLite, the file's own handle (tests look into it); none on PostgreSQL. */
  sqlite?: Database.Database;
  /** Whether the data folder held no database, so a new one was made from the seed. */
  seededAfresh: boolean;
  apps: AppRegistry;
  accounts: AccountStore;
  /** Signing keys by purpose, from the session secret. */
  keys: SigningKeys;
  /** Mounted at `/api/guc`. */
  accountRoutes: Router;
  /** The site's staff (studio and agent inbox), their sign-in and the log of what they did. */
  staff: StaffStore;
  staffAuth: StaffAuth;
  audit: AuditLog;
  /** While the site has no administrator: the one-time code of `/studio/setup?code=`, for the start log. */
  studioSetupCode?: string;
  /** Mounted at the root: `/api/`, `/api-kernel-portal/`, `/api-{brand}-portal/`. */
  portalRoutes: Router;
  content: ContentStore;
  search: SearchStore;
  feedback: FeedbackStore;
  /** The studio's uploaded images, served at `/media/<id>-<width>.<ext>`. */
  media: MediaLibrary;
  /** The built-in chat service (`/api/chat`, `/chat/agent`); mounted before the portal API. */
  chatRoutes: Router;
  chat: ChatStore;
  /** Every route above, in the order a server mounts them: `[path prefix, handler]`. */
  routes: ReadonlyArray<readonly [string, RequestHandler]>;
  /** What the portal's pages read and write, in process. */
  sources: DataSources;
  /** For the readiness probe: the database answers and is migrated (on SQLite: and is still the file opened). */
  health(): Promise<DatabaseHealth>;
  /** The chat's open live streams: how many, and ending them (with a retry hint) when the server stops. */
  chatStreams: { readonly size: number; readonly refused: Readonly<Record<string, number>>; endAll(): void };
  /**
   * Where the rate limits count: in the database on PostgreSQL, so a limit holds
   * across every instance on it; in this process on SQLite (one instance).
   */
  limits: LimitStores;
  close(): Promise<void>;
}

/**
 * The back-end `local` runs inside the portal: its own SQLite database, the
 * portal API and the central account service, speaking the real servers' contract.
 */
export async function createEmbeddedBackend(options: {
  dataDir: string;
  /** A `postgres://` address: keep the data in PostgreSQL there instead of SQLite in `dataDir`. */
  databaseUrl?: string;
  /** Where the back-end tells the operator what needs them (default: the console's error output). */
  log?: BackendLog;
  /** How often an idle server checks that its database file is still the one it opened (default 5 s). */
  fileCheckMs?: number;
  /** The addresses answers give the portal's images (default: as they are). */
  mediaUrl?: MediaUrl;
  /** What every signing key comes from (default: a secret made once and kept in the data folder). */
  sessionSecret?: string;
  /** Whether the sign-in form lists the demo accounts (default: it does). */
  showDemoAccounts?: boolean;
  /** Wrong passwords at one account in an hour, from any addresses, before its answers are held back (default 10). */
  signInAttempts?: number;
  /** Wrong passwords one address may try in an hour at any accounts before it is refused for the hour (default 100). */
  signInAttemptsPerAddress?: number;
  /** The other settings of the sign-in throttles, the account service's and the agent inbox's (backend/http/throttle.ts). */
  signInThrottle?: Partial<ThrottleSettings>;
  /** What the sign-in throttles take the time from and hold answers back with (default: the real one; tests move theirs). */
  throttleClock?: Clock;
  feedbackLimit?: number;
  /** How often scheduled publishing looks for what is due (default 15 s). */
  publishCheckMs?: number;
  /**
   * Uploaded images: MEDIA_MAX_BYTES, the largest upload (default 10 MB); MEDIA_DIR, a folder
   * every instance shares to keep them in (default: the database on PostgreSQL, `dataDir/media` on SQLite).
   */
  media?: { maxBytes?: number; dir?: string };
  /** STUDIO_ADMIN_LOGIN and STUDIO_ADMIN_PASSWORD: an administrator made at start when that login does not exist. */
  studioAdmin?: { login: string; password: string };
  chat?: {
    agentPassword?: string;
    partnerOrigins?: readonly string[];
    messagesPerMinute?: number;
    conversationsPerVisitor?: number;
    conversationsPerAddress?: number;
    streamLimits?: Partial<StreamLimitSettings>;
    visitorsPerAddress?: number;
  };
}): Promise<EmbeddedBackend> {
  const mediaUrl = options.mediaUrl ?? ((path: string) => path);
  const log = options.log ?? { error: (_fields, message) => console.error(message) };
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openSqlite(options.dataDir, {
        everyMs: options.fileCheckMs,
        onLost: (loss, message) => log.error({ dataDir: options.dataDir, loss }, message),
      });
  const { db } = database;
  const keys = signingKeys(options.sessionSecret ?? (await keptSecret(database, options.dataDir)));
  const apps = new AppRegistry();
  const inDatabase = databaseLimits(db);
  // The feedback form and POST /api/feedback are two doors to one store, with one
  // allowance: counted in the database, where both limiters see it, even on SQLite.
  const limits: LimitStores =
    database.dialect === 'postgres'
      ? inDatabase
      : (name) => (name === FEEDBACK_LIMIT ? inDatabase(name) : processLimits(name));
  const accounts = new AccountStore(db);
  const content = new ContentStore(db);
  const search = new SearchStore(db);
  const feedback = new FeedbackStore(db);
  // On PostgreSQL other instances may share the database: their chat hubs are joined by LISTEN/NOTIFY.
  const link = options.databaseUrl ? await linkOrClose(database, options.databaseUrl) : undefined;
  const warn = (fields: object, message: string) => (log.warn ?? log.error).call(log, fields, message);
  // Sign-in guesses count in the database on SQLite too (a write per wrong password): a restart forgets no guesser.
  const signInCounts = databaseLimits(db, options.throttleClock?.now);
  const throttle = (name: string) =>
    new SignInThrottle(
      name,
      { limits: signInCounts, log: { warn }, clock: options.throttleClock },
      {
        ...options.signInThrottle,
        ...(options.signInAttempts !== undefined && { accountSlowdownAfter: options.signInAttempts }),
        ...(options.signInAttemptsPerAddress !== undefined && { addressCeiling: options.signInAttemptsPerAddress }),
      },
    );
  const agentSignIns = throttle('chat agent sign-in');
  const staff = new StaffStore(db);
  const audit = new AuditLog(db);
  const auth = staffAuth({ store: staff, formKey: keys('staff forms'), refuseForm: refuseStaffForm });
  const { setupCode } = await prepareStaff(staff, audit, {
    admin: options.studioAdmin,
    agentPassword: options.chat?.agentPassword,
  });
  const media = new MediaLibrary(
    db,
    await mediaStorage(database, options),
    audit,
    options.media?.maxBytes ?? MEDIA_MAX_BYTES,
  );
  const drafts = new ContentDrafts(db);
  const announcer = new ContentAnnouncer(link);
  const deskOf = <T>(kind: KindOfContent<T>) => new ContentDesk(kind, drafts, audit, announcer);
  const newsDesk = deskOf(newsContent(new NewsItems(db)));
  const catalogue = catalogueDesks(db, deskOf);
  const pages = await pageDeskSet(db, content, deskOf);
  const desks: DeskOfAnyKind[] = [newsDesk, ...catalogue.desks, ...pages.desks];
  // Publishing at a time: each instance looks for what is due; whoever takes an item publishes it.
  const publishing = setInterval(
    () => publishDue(drafts, desks).catch((error) => log.error({ err: error }, 'Scheduled publishing failed')),
    options.publishCheckMs ?? 15_000,
  );
  publishing.unref();
  const orders = new OrderStore(db);
  const staffOrders = new StaffOrders(db);
  const studio = studioRoutes({
    store: staff,
    audit,
    auth,
    signIns: throttle('studio sign-in'),
    desks: [
      studioDesk(
        newsDesk,
        newsDeskView(() => content.newsCategories()),
      ),
      ...catalogue.studio,
      ...pages.studioDesks,
    ],
    desk: { orders: staffOrders, moves: orders, feedback },
    media,
    glance: async () => [
      {
        label: '个新订单待确认',
        count: await staffOrders.count('submitted'),
        href: '/studio/orders?status=submitted',
        permission: 'orders',
      },
      {
        label: '条反馈待处理',
        count: await feedback.countUnhandled(),
        href: '/studio/feedback',
        permission: 'feedback',
      },
      {
        label: '个会话待回复',
        count: (await chat.store.conversations({ show: 'all' }, 1)).unanswered,
        href: '/chat/agent?show=unanswered',
        permission: 'chat',
      },
    ],
  });
  const chat = chatService({
    db,
    accounts,
    content,
    mediaUrl,
    keys,
    limits,
    link,
    log: { warn },
    agentSignIns,
    staff,
    staffAuth: auth,
    ...options.chat,
  });
  const portalRoutes = portalApi({
    content,
    search,
    feedback,
    feedbackLimit: options.feedbackLimit,
    limits,
    customers: new CustomerStore(db),
    accounts,
    brand: BRAND,
    apps,
    orders,
    mediaUrl,
  });
  const accountRoutes = accountService({
    store: accounts,
    apps,
    showDemoAccounts: options.showDemoAccounts ?? true,
    formKey: keys('account sign-in form'),
    deviceKey: keys('account trusted device'),
    signIns: throttle('sign-in'),
  });
  return {
    db,
    dialect: database.dialect,
    sqlite: database.sqlite,
    seededAfresh: database.seededAfresh,
    apps,
    accounts,
    keys,
    content,
    search,
    feedback,
    portalRoutes,
    accountRoutes,
    staff,
    staffAuth: auth,
    audit,
    studioSetupCode: setupCode,
    media,
    chatRoutes: chat.routes,
    chat: chat.store,
    routes: [
      ['/', mediaFiles(media)],
      ['/api/guc', accountRoutes],
      ['/', studio],
      ['/', chat.routes],
      ['/', portalRoutes],
    ],
    sources: (() => {
      const sources = embeddedSources({ content, search, feedback, mediaUrl });
      return {
        ...sources,
        drafts: draftPreview({ staff, desks, content: sources.content }),
        changes: announcer,
      };
    })(),
    health: () => database.health(),
    chatStreams: chat.streams,
    limits,
    async close() {
      clearInterval(publishing);
      chat.hub.close();
      await link?.close();
      await database.close();
    },
  };
}

/** MEDIA_MAX_BYTES's default: 10 MB, a photo from a phone or a camera. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Where uploads are kept: MEDIA_DIR when set (a folder every instance mounts),
 * else with the data: the database on PostgreSQL, the data folder on SQLite.
 * A folder that cannot be written stops the start like an unusable data folder.
 */
async function mediaStorage(
  database: PortalDatabase,
  options: { dataDir: string; media?: { dir?: string } },
): Promise<MediaStorage> {
  try {
    if (options.media?.dir) return FolderStorage.prepared(options.media.dir, 'MEDIA_DIR');
    if (database.dialect === 'postgres') return new DatabaseStorage(database.db);
    return FolderStorage.prepared(join(options.dataDir, 'media'), 'DATA_DIR');
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** The chat's link to the other instances; one that cannot connect ends the start like an unusable database. */
async function linkOrClose(database: PortalDatabase, url: string) {
  try {
    return await postgresHubLink(url);
  } catch (error) {
    await database.close();
    throw new DatabaseUrlError(
      `DATABASE_URL: ${describeDatabaseUrl(url)} cannot be used: the chat's listening connection failed (${String((error as Error).message ?? error)}).`,
      { cause: error },
    );
  }
}

/** The data folder's own secret; one it cannot keep ends the start like any other unusable folder. */
async function keptSecret(database: PortalDatabase, dataDir: string): Promise<string> {
  try {
    mkdirSync(dataDir, { recursive: true });
    return dataFolderSecret(dataDir);
  } catch (error) {
    await database.close();
    const cause = (error as { code?: string }).code === 'EACCES' ? 'permission denied' : String(error);
    throw new DataFolderError(`The data folder ${dataDir} cannot be used: ${SECRET_FILE} cannot be kept (${cause}).`, {
      cause: error,
    });
  }
}
