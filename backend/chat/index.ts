import { Router } from 'express';
import type { MediaUrl } from '../../contract/media';
import type { AccountStore } from '../accounts/store';
import type { Db } from '../db/query';
import type { SigningKeys } from '../http/keys';
import type { LimitStores } from '../http/limit-store';
import type { SignInThrottle } from '../http/throttle';
import type { ContentStore } from '../portal/content-store';
import type { StaffAuth } from '../staff/staff-auth';
import type { StaffStore } from '../staff/staff-store';
import { agentRoutes } from './agent-routes';
import { ChatHub } from './hub';
import type { HubLink } from './hub-link';
import { EventStreams } from './sse';
import { ChatStore } from './store';
import { addressKey, oncePer, type StreamLimitSettings } from './stream-limits';
import { visitorIds } from './visitor-ids';
import { visitorRoutes } from './visitor-routes';

export interface ChatServiceOptions {
  db: Db;
  accounts: AccountStore;
  content: ContentStore;
  /** The addresses cards give their cover images. */
  mediaUrl: MediaUrl;
  /** Partner origins whose pages may use the chat. */
  partnerOrigins?: readonly string[];
  /** The built-in agent's password (CHAT_AGENT_PASSWORD); staff with the agent's role sign in without it. */
  agentPassword?: string;
  /** The staff accounts and their sign-in, shared with the studio: the inbox is behind it. */
  staff: StaffStore;
  staffAuth: StaffAuth;
  /** Slows guessing of that password. */
  agentSignIns: SignInThrottle;
  keys: SigningKeys;
  messagesPerMinute?: number;
  /** New conversations one visitor may try per ten minutes (default 5), and one address may start (default 50). */
  conversationsPerVisitor?: number;
  conversationsPerAddress?: number;
  /** Where the chat's limits count (default: in this process). */
  limits?: LimitStores;
  /** The other instances on the same database (PostgreSQL): live delivery and agent presence across them. */
  link?: HubLink;
  /** Bounds on the live streams (defaults in stream-limits.ts). */
  streamLimits?: Partial<StreamLimitSettings>;
  /** Visitor ids one address may be issued per hour (default 100). */
  visitorsPerAddress?: number;
  /** Where a refused stream is told, once a minute per address. */
  log?: { warn(fields: object, message: string): void };
}

/**
 * The built-in online customer service: the visitors' API and live stream at
 * `/api/chat`, and the agent inbox at `/chat/agent`.
 */
export function chatService(options: ChatServiceOptions): {
  routes: Router;
  store: ChatStore;
  hub: ChatHub;
  streams: EventStreams;
} {
  const store = new ChatStore(options.db);
  const hub = new ChatHub({
    link: options.link,
    load: async (id) => (await store.messagesSince(id - 1, 1)).find((message) => message.id === id),
  });
  const streams = new EventStreams(options.streamLimits);
  const tellRefused = oncePer<string>(60_000, (address, reason) =>
    options.log?.warn(
      { address, reason, limits: streams.limits },
      `Chat streams refused from ${address}: the ${reason} limit is reached (said once a minute per address)`,
    ),
  );
  // Signals sent while the link was down were not heard: every stream resumes from the database.
  hub.onResumed(() => streams.restartAll());
  const routes = Router();
  routes.use(
    '/api/chat',
    visitorRoutes({
      store,
      hub,
      streams,
      accounts: options.accounts,
      content: options.content,
      mediaUrl: options.mediaUrl,
      partnerOrigins: options.partnerOrigins ?? [],
      visitorIds: visitorIds(options.keys('chat visitor id')),
      visitorsPerAddress: options.visitorsPerAddress,
      onStreamRefused: (refusal, address) => tellRefused(addressKey(address), refusal.reason),
      messagesPerMinute: options.messagesPerMinute,
      conversationsPerVisitor: options.conversationsPerVisitor,
      conversationsPerAddress: options.conversationsPerAddress,
      limits: options.limits,
    }),
  );
  routes.use(
    agentRoutes({
      store,
      hub,
      streams,
      staff: options.staff,
      auth: options.staffAuth,
      password: options.agentPassword,
      signIns: options.agentSignIns,
    }),
  );
  return { routes, store, hub, streams };
}
