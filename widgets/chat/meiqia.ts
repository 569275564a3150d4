import type { ChatCardView, ChatSession, StartChat } from '../chat-launcher/types';
import { portalOrigin } from '../core/config';
import { $chat, $userInfo, closeChat, messageReceived, openChat } from '../core/stores';
import { sendMetadataOnce } from './user-metadata';

/** The hosted provider's command queue, as its loader snippet defines it. */
type Meiqia = ((...args: unknown[]) => void) & { a?: unknown[][] };
type MeiqiaWindow = Window & { _MEIQIA?: Meiqia };

function meiqia(): Meiqia {
  const win = window as MeiqiaWindow;
  // Commands given before the provider's script has run wait in its queue (`_MEIQIA.a`).
  win._MEIQIA ??= Object.assign(
    (...args: unknown[]) => {
      const queue = win._MEIQIA as Meiqia;
      queue.a ??= [];
      queue.a.push(args);
    },
    { a: [] as unknown[][] },
  );
  return (...args: unknown[]) => (win._MEIQIA as Meiqia)(...args);
}

/** The portal's own paths made absolute: the provider's panel is on another origin. */
const absolute = (url: string) => (url.startsWith('/') ? new URL(url, portalOrigin()).href : url);

/** A product or solution card in the provider's fields. */
const productCard = (card: ChatCardView) => ({
  title: card.title,
  description: card.description,
  pic_url: absolute(card.picUrl),
  product_url: card.url ? absolute(card.url) : location.href,
});

/** The provider has no card data of ours to look up: it takes only cards spelled out. */
const spelledOut = (card: unknown): card is ChatCardView =>
  typeof card === 'object' && card !== null && 'title' in card;

/**
 * The hosted provider (Meiqia) behind the same launcher and the same chat state:
 * its panel shows and hides with `visible`, the signed-in visitor's name and
 * mobile go once as its metadata, a card goes as its product card when the page
 * address changed, and each unread message it reports adds to the count. The
 * provider's own button is hidden: the launcher is the button.
 */
export const startChat: StartChat = (host, settings) => {
  const mq = meiqia();
  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });
  mq('entId', settings.entId);
  mq('withoutBtn');
  mq('allSet', () => resolveReady());
  // The provider's own close button hides its panel: the state follows.
  mq('getPanelVisibility', (visibility: string) => {
    if (visibility === 'invisible' && $chat.get().visible) closeChat();
  });
  mq('getUnreadMsg', (messages: unknown) => {
    if (messages === 'hasBeenRead' || $chat.get().visible) return;
    for (const message of Array.isArray(messages) ? messages : [messages]) {
      messageReceived();
      host.emit('portal-chat-message', message);
    }
  });
  if (settings.script && !document.querySelector(`script[src="${CSS.escape(settings.script)}"]`)) {
    const script = document.createElement('script');
    script.async = true;
    script.charset = 'UTF-8';
    script.src = settings.script;
    document.head.append(script);
  }

  function onShown() {
    const state = $chat.get();
    sendMetadataOnce((user) => mq('metadata', { name: user.name, tel: user.mobile }));
    if (state.cardInfo && state.currentURL !== location.href) {
      $chat.set({ ...$chat.get(), currentURL: location.href });
      mq('productCard', productCard(state.cardInfo));
    }
  }

  let wasVisible = false;
  $chat.subscribe((state) => {
    host.render({ visible: state.visible, unread: state.unreadMessageCount });
    if (state.visible === wasVisible) return;
    wasVisible = state.visible;
    mq(state.visible ? 'showPanel' : 'hidePanel');
    if (state.visible) onShown();
  });

  // The user may arrive after the panel was shown (see sendMetadataOnce).
  $userInfo.listen(() => {
    if ($chat.get().visible) onShown();
  });

  const session: ChatSession = {
    ready,
    open(card) {
      if (spelledOut(card)) $chat.set({ ...$chat.get(), cardInfo: card });
      const wasOpen = $chat.get().visible;
      openChat();
      if (wasOpen) onShown();
    },
    close: () => closeChat(),
    sendCard(card) {
      if (!spelledOut(card)) return;
      $chat.set({ ...$chat.get(), cardInfo: card, currentURL: '' });
      if ($chat.get().visible) onShown();
    },
  };
  return session;
};
