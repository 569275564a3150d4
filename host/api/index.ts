import type { Router } from 'express';
import { BRAND } from '../../widgets/core/env';
import { AppRegistry } from './accounts/apps';
import { accountService } from './accounts/routes';
import { AccountStore } from './accounts/store';
import { chatService } from './chat';
import type { ChatStore } from './chat/store';
import { type Db, openDatabase } from './db/connection';
import { ContentStore } from './portal/content-store';
import { CustomerStore } from './portal/customer-store';
import { portalApi } from './portal/routes';

export interface EmbeddedBackend {
  db: Db;
  apps: AppRegistry;
  accounts: AccountStore;
  /** Mounted at `/api/guc`. */
  accountRoutes: Router;
  /** Mounted at the root: `/api/`, `/api-kernel-portal/`, `/api-{brand}-portal/`. */
  portalRoutes: Router;
  content: ContentStore;
  /** The built-in chat service (`/api/chat`, `/chat/agent`); mounted before the portal API. */
  chatRoutes: Router;
  chat: ChatStore;
  close(): void;
}

/**
 * The back-end `local` runs inside the portal: its own SQLite database, the
 * portal API and the central account service, speaking the real servers' contract.
 */
export function createEmbeddedBackend(options: {
  dataDir: string;
  signInAttempts?: number;
  chat?: { agentPassword?: string; partnerOrigins?: readonly string[]; messagesPerMinute?: number };
}): EmbeddedBackend {
  const db = openDatabase(options.dataDir);
  const apps = new AppRegistry();
  const accounts = new AccountStore(db);
  const content = new ContentStore(db);
  const chat = chatService({ db, accounts, content, ...options.chat });
  return {
    db,
    apps,
    accounts,
    content,
    portalRoutes: portalApi({ content, customers: new CustomerStore(db), accounts, brand: BRAND, apps }),
    accountRoutes: accountService({
      store: accounts,
      apps,
      showDemoAccounts: true,
      signInAttempts: options.signInAttempts,
    }),
    chatRoutes: chat.routes,
    chat: chat.store,
    close: () => db.close(),
  };
}
