/**
 * What the launcher and the chat code it loads on demand say to each other. Only
 * types: the launcher must stay free of the shared runtime (it is all a partner
 * page downloads before the chat is opened).
 */

import type { ChatCardRequest, ChatCardView } from '../../contract/chat';

export type { ChatCardInfo, ChatCardRequest, ChatCardView } from '../../contract/chat';

/**
 * A card as a page asks for one: the number of a product or solution (`'P2025001'`,
 * or `{type, associationNo}`), which the portal looks up and builds. Only the
 * hosted provider also takes one spelled out (`{picUrl, title, description, url}`).
 */
export type PageCard = string | ChatCardRequest | ChatCardView;

export type ChatLang = 'zh-CN' | 'en';

/** What the launcher shows: the panel open or not, and the unread count. */
export interface LauncherState {
  visible: boolean;
  unread: number;
  /** No chat service answers at the portal's address: the button says so. */
  unreachable?: boolean;
}

/** The launcher as the loaded chat code sees it. */
export interface LauncherHost {
  element: HTMLElement;
  lang: ChatLang;
  /** Where the panel renders, inside the launcher's shadow root. */
  panel: HTMLElement;
  /** The launcher button, to give focus back when the panel closes. */
  button: HTMLButtonElement;
  /** Shows the state; fires the open, close and unread events on changes. */
  render(state: LauncherState): void;
  emit(type: `portal-chat-${string}`, detail?: unknown): void;
}

/** The chat behind the launcher: the built-in service or the hosted provider. */
export interface ChatSession {
  open(card?: PageCard): void;
  close(): void;
  sendCard(card: PageCard): void;
  /** Resolves once the chat can be used (connected, or the provider is set up). */
  ready: Promise<void>;
}

/** The chat settings `chat.js` announces (provider and, for the hosted one, its enterprise id and script). */
export interface ChatSettings {
  provider: 'builtin' | 'meiqia';
  entId?: string;
  script?: string;
}

export type StartChat = (host: LauncherHost, settings: ChatSettings) => ChatSession;

/** Visitors who have chatted before keep an id here; their connection starts at once. */
export const VISITOR_KEY = 'portal.chat.visitor';
export const SETTINGS_KEY = Symbol.for('portal.chat');
