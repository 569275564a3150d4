import type { Router } from 'express';
import { BRAND } from '../widgets/core/env';
import { AppRegistry } from './accounts/apps';
import { accountService } from './accounts/routes';
import { AccountStore } from './accounts/store';
import { chatService } from './chat';
import type { ChatStore } from './chat/store';
import { type Db, openDatabase } from './db/connection';
import { FeedbackStore } from './feedback/feedback-store';
import { ContentStore } from './portal/content-store';
import { CustomerStore } from './portal/customer-store';
import { OrderStore } from './portal/order-store';
import { portalApi } from './portal/routes';
import { SearchStore } from './search/search-store';

export interface EmbeddedBackend {
  db: Db;
  apps: AppRegistry;
  accounts: AccountStore;
  /** Mounted at `/api/guc`. */
  accountRoutes: Router;
  /** Mounted at the root: `/api/`, `/api-kernel-portal/`, `/api-{brand}-portal/`. */
  portalRoutes: Router;
  content: ContentStore;
  search: SearchStore;
  feedback: FeedbackStore;
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
  feedbackLimit?: number;
  chat?: { agentPassword?: string; partnerOrigins?: readonly string[]; messagesPerMinute?: number };
}): EmbeddedBackend {
  const db = openDatabase(options.dataDir);
  const apps = new AppRegistry();
  const accounts = new AccountStore(db);
  const content = new ContentStore(db);
  const search = new SearchStore(db);
  const feedback = new FeedbackStore(db);
  const chat = chatService({ db, accounts, content, ...options.chat });
  return {
    db,
    apps,
    accounts,
    content,
    search,
    feedback,
    portalRoutes: portalApi({
      content,
      search,
      feedback,
      feedbackLimit: options.feedbackLimit,
      customers: new CustomerStore(db),
      accounts,
      brand: BRAND,
      apps,
      orders: new OrderStore(db),
    }),
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
