import { createRoot } from 'react-dom/client';
import { type ConsoleChatCard, messageCardOf } from '../../contract/chat-card';
import type { ChatCardInfo, ChatSession, LauncherHost, PageCard, StartChat } from '../chat-launcher/types';
import { portalOrigin, portalUrl } from '../core/config';
import { $chat, $userInfo, closeChat, messageReceived, openChat } from '../core/stores';
import { $tokens } from '../core/tokens';
import { ChatPanel, type PendingMessage, TEXT } from './ChatPanel';
import styles from './chat-panel.css';
import { ChatConnection } from './connection';
import { panelFocus } from './focus';
import { ChatRefusal } from './refusal';
import type { ChatMessage, ConnectionStatus } from './types';
import { sendMetadataOnce } from './user-metadata';
import { memory, VisitorId } from './visitor';

/** Longest text message; the service refuses longer ones with the same words. */
export const MAX_TEXT = 500;

let sheet: CSSStyleSheet | undefined;

function adoptStyles(host: LauncherHost) {
  const root = host.panel.getRootNode() as ShadowRoot;
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(styles);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

const clientId = () => crypto.randomUUID().replace(/-/g, '');

/** The card of a product or solution, from the console's chat-card data (SPEC §3), shown while it is sent. */
async function cardFor(associationNo: string): Promise<ChatCardInfo | undefined> {
  const response = await fetch(portalUrl(`/api/chat/cards/${encodeURIComponent(associationNo)}`)).catch(
    () => undefined,
  );
  if (!response?.ok) return undefined;
  return messageCardOf((await response.json()).result as ConsoleChatCard);
}

/** The number a page names a card by; a card spelled out has none (the service builds its cards itself). */
const numberOf = (card: PageCard | undefined) =>
  typeof card === 'string' ? card : card && 'associationNo' in card ? card.associationNo : undefined;

/** The card the page declares for itself (`data-portal-chat-card` on a product or solution page). */
const pageCard = () => document.querySelector('[data-portal-chat-card]')?.getAttribute('data-portal-chat-card');

/**
 * The built-in chat behind the launcher: keeps the shared chat state (SPEC §3,
 * `$chat`), the live connection and the panel in step.
 * - shown for the first time: the signed-in visitor's name and mobile go to the
 *   agent, once (`isSendMetadata`);
 * - shown on a page other than the last card's (`currentURL`): the card goes;
 * - an agent's message while hidden adds one to the unread count; showing resets it.
 */
export const startChat: StartChat = (host) => {
  adoptStyles(host);
  const text = TEXT[host.lang];
  const base = portalUrl('/api/chat');
  const visitor = new VisitorId(base);
  const messages = new Map<number, ChatMessage>();
  let pending: PendingMessage[] = [];
  let agentOnline = false;
  let status: ConnectionStatus = 'connecting';
  let error = '';
  let draft = '';
  let seen = Number(memory.get('seen') ?? 0);
  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });

  if (!$chat.get().currentURL) $chat.set({ ...$chat.get(), currentURL: memory.get('card-url') ?? '' });

  /** Closed from the panel (✕, Escape): focus goes back to what opened it. */
  let closedByVisitor = false;
  const closeByVisitor = () => {
    closedByVisitor = true;
    closeChat();
  };
  const focus = panelFocus(host.panel, host.button, closeByVisitor);

  const root = createRoot(host.panel);
  const paint = () =>
    root.render(
      <ChatPanel
        lang={host.lang}
        origin={portalOrigin()}
        visible={$chat.get().visible}
        messages={[...messages.values()].sort((a, b) => a.id - b.id)}
        pending={pending}
        agentOnline={agentOnline}
        status={status}
        error={error}
        draft={draft}
        onDraft={(value) => {
          draft = value;
          if (error && value.length <= MAX_TEXT) error = '';
          paint();
        }}
        onSend={(value) => void sendText(value)}
        onClose={closeByVisitor}
      />,
    );

  const connection = new ChatConnection({
    base,
    headers: async (): Promise<Record<string, string>> => {
      // A token is this origin's own; it never leaves for another origin. With
      // one the service knows the visitor, and no visitor id is needed.
      const token = $tokens.get();
      if (token && location.origin === portalOrigin()) return { Authorization: `Bearer ${token.accessToken}` };
      return { 'X-Chat-Visitor': await visitor.get() };
    },
    unknownVisitor: () => visitor.forget(),
    onMessage: (message) => receive(message),
    onPresence(online) {
      agentOnline = online;
      paint();
    },
    onStatus(next, reason) {
      status = next;
      if (next === 'refused') error = reason ?? '';
      if (next === 'unreachable') error = text.unreachable;
      if (next !== 'connecting' && next !== 'offline') resolveReady();
      render($chat.get());
      paint();
    },
  });

  /** A stored message, from the stream or from the answer to a send: each id is shown once. */
  function receive(message: ChatMessage) {
    if (messages.has(message.id)) return; // replayed after a reconnection
    messages.set(message.id, message);
    pending = pending.filter((item) => item.clientId !== message.clientId);
    if (message.sender === 'agent') {
      host.emit('portal-chat-message', message);
      if ($chat.get().visible) markSeen();
      else if (message.id > seen) messageReceived();
    }
    paint();
  }

  const markSeen = () => {
    const last = Math.max(0, ...[...messages.values()].filter((m) => m.sender === 'agent').map((m) => m.id));
    if (last > seen) {
      seen = last;
      memory.set('seen', String(seen));
    }
  };

  async function deliver(item: PendingMessage) {
    pending = [...pending, item];
    paint();
    try {
      // The service builds the card from the number: the visitor sends nothing else of it.
      const body = item.card
        ? { kind: 'card' as const, card: { type: item.card.type, associationNo: item.card.associationNo } }
        : { kind: 'text' as const, text: item.text ?? '' };
      receive(await connection.send(body, item.clientId));
    } catch (failure) {
      pending = pending.filter((p) => p.clientId !== item.clientId);
      error = failure instanceof ChatRefusal ? failure.message || text.unreachable : String(failure);
      if (item.text !== undefined && !draft) draft = item.text;
      paint();
    }
  }

  async function sendText(value: string) {
    const message = value.trim();
    if (!message) return;
    if (message.length > MAX_TEXT) {
      error = text.tooLong(MAX_TEXT);
      return paint();
    }
    error = '';
    draft = '';
    await deliver({ clientId: clientId(), text: message });
  }

  /** The card and the metadata the spec sends when the panel is shown. */
  function onShown() {
    const state = $chat.get();
    sendMetadataOnce((user) => {
      void connection.post('/metadata', { name: user.name, mobile: user.mobile }).catch(() => {});
    });
    const card = state.cardInfo;
    if (card?.type && card.associationNo && state.currentURL !== location.href) {
      $chat.set({ ...$chat.get(), currentURL: location.href });
      memory.set('card-url', location.href);
      void deliver({ clientId: clientId(), card: { ...card, type: card.type, associationNo: card.associationNo } });
    }
  }

  const render = (state: ReturnType<typeof $chat.get>) =>
    host.render({ visible: state.visible, unread: state.unreadMessageCount, unreachable: status === 'unreachable' });
  let wasVisible = $chat.get().visible;
  $chat.subscribe((state) => {
    render(state);
    if (state.visible !== wasVisible) {
      wasVisible = state.visible;
      paint();
      if (state.visible) {
        markSeen();
        onShown();
        focus.opened();
      } else {
        focus.closed(closedByVisitor);
        closedByVisitor = false;
      }
    }
  });
  $userInfo.listen(() => {
    if ($chat.get().visible) onShown();
  });

  /** The card of this number, once its data has arrived; `resend` sends it even on the page of the last one. */
  function takeCard(associationNo: string | undefined, resend: boolean) {
    if (!associationNo) return;
    void cardFor(associationNo).then((found) => {
      if (!found) return;
      $chat.set({ ...$chat.get(), cardInfo: found, ...(resend ? { currentURL: '' } : {}) });
      if ($chat.get().visible) onShown();
    });
  }

  paint();
  connection.start();
  if ($chat.get().visible) onShown();

  const session: ChatSession = {
    ready,
    open(card) {
      const wasOpen = $chat.get().visible;
      openChat();
      if (wasOpen) onShown();
      // The panel opens at once; the card (the one named, else the page's own) follows when its data has arrived.
      const current = $chat.get().cardInfo;
      const number = numberOf(card) ?? (card === undefined && !current ? (pageCard() ?? undefined) : undefined);
      if (number !== current?.associationNo) takeCard(number, false);
    },
    close: () => closeChat(),
    // An explicit card goes even on the page of the last one.
    sendCard: (card) => takeCard(numberOf(card), true),
  };
  return session;
};
