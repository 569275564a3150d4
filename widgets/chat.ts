/**
 * The one-tag chat embed:
 * `<script src="https://HOST/widgets/chat.js" data-lang="en" data-position="left" async></script>`.
 *
 * A classic script like `portal.js` (no static imports). It loads the tiny
 * launcher and puts one `<portal-chat-launcher>` on the page, unless the page has
 * one already; the chat itself loads when the visitor opens it.
 *
 * Portal pages render the launcher's button on the server. There the launcher's
 * code waits until it is wanted: the visitor points at, touches or focuses the
 * button (a click made before it is ready is replayed), a page button asks for
 * the chat, the page queued calls, or the visitor has a conversation already
 * (its unread count must show at once).
 */

const script = document.currentScript as HTMLScriptElement | null;
/** `interaction`: the page rendered the launcher, and its code may wait (portal pages). */
const loadOn = script?.dataset.loadOn;
const TAG = 'portal-chat-launcher';
/** The portal: the page's `<meta name="portal-origin">`, else where this script came from. */
const portal = new URL(
  document.querySelector<HTMLMetaElement>('meta[name=portal-origin]')?.content || script?.src || location.href,
).origin;
/** `EARLY_CLICKS` of contract/early-clicks.ts, spelled out like `VISITOR_KEY` below. */
const EARLY_CLICKS = 'portalEarlyClicks';
/** `VISITOR_KEY` of chat-launcher/types.ts, spelled out: a classic script imports nothing statically. */
const VISITOR_KEY = 'portal.chat.visitor';

/**
 * Whether this page may use the chat. The portal's own pages may; on another
 * origin the built-in service answers only the partner origins it lists
 * (CHAT_PARTNER_ORIGINS), so there the script asks first, and on a page it would
 * refuse it says so once in the console and shows no launcher:
 * `window.portalChat.ready` rejects with that reason (chat-launcher/partner-access.ts). An answer the portal cannot
 * give (a network failure) lets the launcher show and say so itself. Read after
 * this script has run: the announcement of the provider follows its code.
 */
const allowed: Promise<boolean> = Promise.resolve().then(() => {
  const settings = (window as unknown as Record<symbol, { provider?: string } | undefined>)[Symbol.for('portal.chat')];
  if (location.origin === portal || settings?.provider === 'meiqia') return true;
  // Asked only on a partner's page (chat-launcher/partner-access.ts); not fetched: as a failed answer.
  return import('./chat-launcher/partner-access').then(
    ({ partnerAccess }) => partnerAccess(portal),
    () => true,
  );
});

// Kept for the launcher this script brings, which would otherwise ask the same (chat-launcher/access.ts).
(window as unknown as Record<symbol, Promise<boolean>>)[Symbol.for('portal.chat.access')] = allowed;

let loading: Promise<boolean> | undefined;
/** Fetches the launcher's code once; false when it could not be loaded (a later call tries again). */
const loadLauncher = () => {
  loading ??= import('./chat-launcher/chat-launcher.element').then(
    () => true,
    (error: unknown) => {
      loading = undefined;
      console.error('[portal] the chat could not be loaded', error);
      return false;
    },
  );
  return loading;
};

const hasConversation = () => {
  try {
    return !!localStorage.getItem(VISITOR_KEY);
  } catch {
    return false;
  }
};

/** Brings the launcher's code and opens the chat (with a card to send). */
const openWith = (card: string | object | null | undefined) =>
  void loadLauncher()
    .then(() => customElements.whenDefined(TAG))
    .then(() => document.querySelector(TAG)?.open((card ?? undefined) as never));

/**
 * Until the launcher's code is here, the page's ways into the chat (the rendered
 * button, a `data-portal-chat-open` button, the floating buttons' contact, calls
 * queued on `window.portalChat`) bring it, then open the chat. Once it is here,
 * the launcher answers them itself.
 */
function listenUntilLoaded() {
  const want = (event: Event) => {
    if (customElements.get(TAG)) return;
    let card: string | object | null | undefined = (event as CustomEvent<{ card?: object | null }>).detail?.card;
    if (event.type === 'click') {
      const opener = (event.target as Element | null)?.closest?.(`[data-portal-chat-open],${TAG}`);
      if (!opener) return;
      event.preventDefault();
      card = opener.getAttribute('data-portal-chat-card');
    }
    openWith(card);
  };
  document.addEventListener('click', want);
  document.addEventListener('portal-float-buttons-contact', want);
  // Calls the page queues later bring the code too (the launcher replays the queue).
  const win = window as Window & { portalChat?: unknown[] };
  win.portalChat ??= [];
  const queue = win.portalChat;
  if (Array.isArray(queue)) {
    queue.push = (...calls: unknown[]) => {
      void loadLauncher();
      return Array.prototype.push.apply(queue, calls);
    };
  }
}

/** A launcher the page rendered, whose code may wait until the visitor wants it. */
function deferLauncher(rendered: Element) {
  const queued = (window as Window & { portalChat?: unknown }).portalChat;
  listenUntilLoaded();
  // Tapped before this script ran (the page kept the click): the visitor wants the chat.
  const kept = (window as Window & { [EARLY_CLICKS]?: EventTarget[][] })[EARLY_CLICKS];
  // (On a page without the keeper the name may be an element's id.)
  if (Array.isArray(kept) && kept.some((path) => path.includes(rendered))) return openWith(undefined);
  if (hasConversation() || (Array.isArray(queued) && queued.length)) return void loadLauncher();
  void import('./loader/deferred').then(
    ({ whenNeeded }) => whenNeeded(rendered, 'interaction', loadLauncher),
    // Not fetched (a dropped connection): the launcher's code at once, rather than none.
    loadLauncher,
  );
}

function mount() {
  const rendered = document.querySelector(TAG);
  if (loadOn === 'interaction' && rendered?.shadowRoot) {
    showOpeners();
    return deferLauncher(rendered);
  }
  void allowed.then((yes) => {
    if (!yes) return;
    showOpeners();
    // Its own launcher, placed as the tag's `data-lang` and `data-position` say (chat-launcher/partner-access.ts).
    void loadLauncher().then((loaded) => {
      if (loaded && !rendered)
        void import('./chat-launcher/partner-access').then(({ placeLauncher }) => placeLauncher(script));
    });
  });
}

function showOpeners() {
  for (const opener of document.querySelectorAll<HTMLElement>('[data-portal-chat-open][hidden]')) opener.hidden = false;
}

// Partner pages: the code starts now. Either way the launcher is placed after
// parsing, as the page may have its own further down.
if (loadOn !== 'interaction') void allowed.then((yes) => yes && loadLauncher());
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount, { once: true });
else mount();
