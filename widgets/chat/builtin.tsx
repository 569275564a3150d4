import { createRoot } from 'react-dom/client';
import { type ConsoleChatCard, messageCardOf } from '../../contract/chat-card';
import { brandId } from '../../contract/random-ids';
import type { ChatCardInfo, ChatSession, LauncherHost, PageCard, StartChat } from '../chat-launcher/types';
import { portalOrigin, portalUrl } from '../core/config';
import { $chat, $userInfo, closeChat, messageReceived, openChat } from '../core/stores';
import { $tokens } from '../core/tokens';
import { type PendingMessage, TEXT } from './ChatPanel';
import styles from './chat-panel.css';
import { ChatConnection } from './connection';
import { panelFocus } from './focus';
import { chatIdentity, mayNameUser } from './identity';
import { LivePanel } from './live-panel';
import { MAX_TEXT, panelStore } from './panel-store';
import { ChatRefusal } from './refusal';
import type { ChatMessage } from './types';
import { sendMetadataOnce, userChecked } from './user-metadata';
import { memory, VisitorId } from './visitor';

let sheet: CSSStyleSheet | undefined;

function adoptStyles(host: LauncherHost) {
  const root = host.panel.getRootNode() as ShadowRoot;
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(styles);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

// Not `crypto.randomUUID`: a page served over plain HTTP (a partner's) lacks it, and sending threw (issue #34).
const clientId = () => brandId('', 16);

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
 * `$chat`), the live connection and the panel's store (`panelStore`) in step;
 * the panel renders from the stores (`LivePanel`).
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
  const store = panelStore();
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

  const shownChange = (visible: boolean) => {
    if (visible) return focus.opened();
    focus.closed(closedByVisitor);
    closedByVisitor = false;
  };
  createRoot(host.panel).render(
    <LivePanel
      store={store}
      lang={host.lang}
      origin={portalOrigin()}
      onSend={(value) => void sendText(value)}
      onClose={closeByVisitor}
      onShownChange={shownChange}
    />,
  );

  const connection = new ChatConnection({
    base,
    headers: async () => {
      await userChecked();
      return chatIdentity(() => visitor.get());
    },
    unknownVisitor: () => visitor.forget(),
    onMessage: (message) => receive(message),
    onPresence: store.presence,
    onStatus(next, reason) {
      store.status(next, next === 'refused' ? (reason ?? '') : next === 'unreachable' ? text.unreachable : undefined);
      if (next !== 'connecting' && next !== 'offline') resolveReady();
      render($chat.get());
    },
  });

  /** A stored message, from the stream or from the answer to a send: each id is shown once. */
  function receive(message: ChatMessage) {
    if (!store.receive(message)) return; // replayed after a reconnection
    if (message.sender === 'agent') {
      host.emit('portal-chat-message', message);
      if ($chat.get().visible) markSeen();
      else if (message.id > seen) messageReceived();
    }
  }

  const markSeen = () => {
    const last = store.lastAgentId();
    if (last > seen) {
      seen = last;
      memory.set('seen', String(seen));
    }
  };

  /** Sends one message; false when it was refused (said, and a card held when the refusal passes). */
  async function deliver(item: PendingMessage): Promise<boolean> {
    store.sending(item);
    try {
      // The service builds the card from the number: the visitor sends nothing else of it.
      const body = item.card
        ? { kind: 'card' as const, card: { type: item.card.type, associationNo: item.card.associationNo } }
        : { kind: 'text' as const, text: item.text ?? '' };
      receive(await connection.send(body, item.clientId));
      return true;
    } catch (failure) {
      const refusal = failure instanceof ChatRefusal ? failure : undefined;
      // A limit (its words say when) or no answer passes; a card of no product does not.
      const passing = refusal?.status === 429 || refusal?.status === 0;
      store.failed(item, refusal ? refusal.message || text.unreachable : String(failure), passing);
      return false;
    }
  }

  /** The visitor's text, after any card held back: the agent sees what the question is about first. */
  async function sendText(value: string) {
    const message = store.take(value, text.tooLong(MAX_TEXT));
    const { held } = store.$panel.get();
    if (!message && (value.trim() || !held.length)) return;
    for (const card of held)
      if (!(await deliver(card))) {
        if (message) store.failed({ clientId: clientId(), text: message }, store.$panel.get().error);
        return;
      }
    if (message) await deliver({ clientId: clientId(), text: message });
  }

  /** The card and the metadata the spec sends when the panel is shown. */
  function onShown() {
    const state = $chat.get();
    sendMetadataOnce((user) => {
      void connection.post('/metadata', { name: user.name, mobile: user.mobile }).catch(() => {});
    }, mayNameUser);
    const card = state.cardInfo;
    if (card?.type && card.associationNo && state.currentURL !== location.href) {
      $chat.set({ ...$chat.get(), currentURL: location.href });
      memory.set('card-url', location.href);
      void deliver({ clientId: clientId(), card: { ...card, type: card.type, associationNo: card.associationNo } });
    }
  }

  const render = (state: ReturnType<typeof $chat.get>) =>
    host.render({
      visible: state.visible,
      unread: state.unreadMessageCount,
      unreachable: store.$panel.get().status === 'unreachable',
    });
  let wasVisible = $chat.get().visible;
  $chat.subscribe((state) => {
    render(state);
    if (state.visible !== wasVisible) {
      wasVisible = state.visible;
      // The panel's focus follows once it has rendered (`shownChange`).
      if (state.visible) {
        markSeen();
        onShown();
      }
    }
  });
  $userInfo.listen(() => {
    if ($chat.get().visible) onShown();
  });
  // Signing in or out (here, or through the hub from another origin) changes who
  // the visitor is: the stream follows the new one, and the user is named once known.
  let named = mayNameUser();
  $tokens.listen(() => {
    if (mayNameUser() === named) return;
    named = !named;
    connection.restart();
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

  // Shown already: the sign-in check starts first, so the stream waits for its answer.
  if ($chat.get().visible) onShown();
  connection.start();

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
