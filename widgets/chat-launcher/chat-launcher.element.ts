import { chatAccess } from './access';
import styles from './chat-launcher.css';
import { launcherMarkup, LAUNCHER_TEXT as TEXT } from './markup';
import { answerThePage } from './page-api';
import { chatSettings, hasChattedBefore, loadChat } from './provider';
import type { ChatLang, ChatSession, LauncherHost, LauncherState, PageCard, StartChat } from './types';

export const CHAT_LAUNCHER_TAG = 'portal-chat-launcher';

let sheet: CSSStyleSheet | undefined;
/** One launcher per page answers the page's own chat buttons. */
let pageOwner: PortalChatLauncher | undefined;

/** The chat may not run on this page (`chatAccess`): the launcher stays empty. */
class ChatUnavailable extends Error {}

/**
 * The online customer-service launcher: a floating button with the unread count
 * that opens and closes the chat panel. Only this button is loaded up front; the
 * panel and the connection are fetched on first open (or on hover or focus, as a
 * head start), and at once for a visitor who has chatted before, so the unread
 * count works. With the hosted provider (Meiqia) its panel is used instead.
 *
 * Methods (also on `window.portalChat`): `open(card?)`, `close()`, `toggle()`,
 * `sendCard(card)`, and `ready`, a promise kept once the chat is started. Calls
 * made before then are queued. A card is the association number of a product or
 * solution (`'P2025001'`, or `{type, associationNo}`): the portal builds it from its
 * own content (title, introduction, picture, a link to its own page), so a page
 * cannot word it or point it elsewhere. The hosted provider also takes one spelled
 * out (`{picUrl, title, description, url}`). Elements with `data-portal-chat-open`
 * open the chat (with `data-portal-chat-card` as the card).
 *
 * While the panel is open the element carries `data-open`. Below 1024 px (SPEC §9's
 * mobile breakpoint) the panel covers the screen above every other layer, the button
 * is hidden meanwhile, and the panel is modal (focus kept inside); wider, it opens
 * beside the button. Escape or ✕ closes it and gives focus back to what opened it.
 * Both rise above the cookie notice while it shows (`--portal-cookie-notice-height`).
 *
 * On another origin it first asks the portal whether the chat serves it
 * (CHAT_PARTNER_ORIGINS), as `chat.js` does, and shows nothing until the answer;
 * refused, or with no portal configured, it stays empty, `ready` rejects, and the
 * console says why once.
 *
 * @summary Chat launcher with unread badge, loading the chat panel on demand.
 * @attr lang - `zh-CN` or `en`; defaults to the nearest `lang` on the page.
 * @attr {'left' | 'right'} position - `right` (default) or `left`.
 * @attr {'builtin' | 'meiqia'} provider - `builtin` or `meiqia`; defaults to what `chat.js` announces.
 * @event portal-chat-opened - The panel was shown.
 * @event portal-chat-closed - The panel was hidden.
 * @event portal-chat-unread-changed - The unread count changed (detail: `{count}`).
 * @event portal-chat-message - A message arrived (detail: the message).
 * @csspart panel - The box the chat panel opens in.
 * @csspart button - The launcher button.
 * @csspart badge - The unread count.
 *
 * @cssproperty --portal-chat-right - Distance of the button from the right edge (24px; 12px below 1024 px).
 * @cssproperty --portal-chat-left - Distance from the left edge with `position="left"`.
 * @cssproperty --portal-chat-bottom - Distance of the button from the bottom edge (24px; 16px below 1024 px).
 * @cssproperty --portal-chat-z-index - Layer of the button, and of the panel beside it (950).
 * @cssproperty --portal-chat-panel-z-index - Layer of the panel while it covers the screen, below 1024 px (1100: above the header's 1000).
 * @cssproperty --portal-cookie-notice-height - Set on the page by `<portal-cookie-notice>` while it shows: the button and the panel stay above it.
 * @cssproperty --portal-accent-color - Button and header colour.
 * @cssproperty --portal-font-family - Font family (the system's Chinese fonts: PingFang SC, Microsoft YaHei, Noto Sans CJK SC).
 * @cssproperty --portal-chat-color - Text colour of the button and the panel (#1d2129).
 * @cssproperty --portal-accent-text-color - Text colour on the accent colour (#fff).
 * @cssproperty --portal-focus-ring-color - Colour of the keyboard focus ring.
 * @cssproperty --portal-chat-badge-background - Background of the unread badge (#d92d20).
 */
export class PortalChatLauncher extends HTMLElement {
  private readonly root: ShadowRoot;
  private readonly button: HTMLButtonElement;
  private readonly badge: HTMLElement;
  private readonly panel: HTMLElement;
  private state: LauncherState = { visible: false, unread: 0 };
  private session?: ChatSession;
  private starting?: Promise<ChatSession>;
  private loading?: Promise<{ startChat: StartChat }>;
  private queue: Array<(session: ChatSession) => void> = [];
  private resolveReady!: () => void;
  private rejectReady!: (reason: Error) => void;
  /** Whether the chat may run on this page, once known (`chatAccess`). */
  private allowed?: Promise<boolean>;
  /** Set while this launcher answers the page's chat buttons (`answerThePage`). */
  private leavePage?: () => void;
  /** Kept once the chat is started: its code loaded and connected. */
  readonly ready = new Promise<void>((resolve, reject) => {
    this.resolveReady = resolve;
    this.rejectReady = reject;
  });

  constructor() {
    super();
    if (!sheet) {
      sheet = new CSSStyleSheet();
      // `?.`: jsdom lacks it (issue #34); there the launcher goes unstyled.
      sheet.replaceSync?.(styles);
    }
    // A portal page rendered the button already (declarative shadow DOM): keep its
    // nodes, so a visitor's focus stays where it is, and trade its <style> for the sheet.
    const rendered = this.shadowRoot?.querySelector('button.launcher') ? this.shadowRoot : null;
    this.root = rendered ?? this.attachShadow({ mode: 'open' });
    this.root.adoptedStyleSheets = [sheet];
    if (rendered) for (const style of rendered.querySelectorAll('style, noscript')) style.remove();
    else this.root.innerHTML = launcherMarkup('zh-CN');
    this.panel = this.root.querySelector('.panel') as HTMLElement;
    this.button = this.root.querySelector('button') as HTMLButtonElement;
    this.badge = this.root.querySelector('.badge') as HTMLElement;
    this.button.addEventListener('click', () => this.toggle());
    const headStart = () => void this.load().catch(() => {});
    this.button.addEventListener('pointerenter', headStart, { once: true });
    this.button.addEventListener('focus', headStart, { once: true });
    // Rejected where the chat may not run, for whoever asks, without an "uncaught" error of its own.
    this.ready.catch(() => {});
  }

  connectedCallback() {
    this.label();
    const begin = () => {
      if (!this.isConnected) return;
      if (!pageOwner) {
        pageOwner = this;
        this.leavePage = answerThePage(this);
      }
      if (hasChattedBefore()) void this.start().catch(() => {});
    };
    // On the portal's own pages at once; elsewhere once the portal has said yes.
    if (this.access() === true) begin();
    else void this.allowed?.then((yes) => yes && begin());
  }

  disconnectedCallback() {
    if (pageOwner !== this) return;
    pageOwner = undefined;
    this.leavePage?.();
  }

  get visible(): boolean {
    return this.state.visible;
  }

  get unreadCount(): number {
    return this.state.unread;
  }

  open(card?: PageCard): void {
    this.call((session) => session.open(card));
  }

  close(): void {
    if (this.session || this.starting) this.call((session) => session.close());
  }

  toggle(): void {
    if (this.state.visible) this.close();
    else this.open();
  }

  /** Sends a card to the agent now if the panel is open, else when it next opens. */
  sendCard(card: PageCard): void {
    this.call((session) => session.sendCard(card));
  }

  /** Starts the chat without opening it (the connection and the unread count). */
  start(): Promise<ChatSession> {
    this.starting ??= Promise.resolve(this.access())
      .then((yes) => {
        if (!yes) throw new ChatUnavailable();
        return this.load();
      })
      .then(({ startChat }) => {
        const session = startChat(this.host(), chatSettings(this.getAttribute('provider')));
        this.session = session;
        for (const call of this.queue.splice(0)) call(session);
        void session.ready.then(this.resolveReady);
        return session;
      });
    this.starting.catch((error: unknown) => {
      // A failed download may succeed on the next click; a refusal stays.
      if (error instanceof ChatUnavailable) return;
      this.starting = undefined;
      this.loading = undefined;
    });
    return this.starting;
  }

  /**
   * Whether the chat may run here: `true` when known at once, else the answer to
   * come, meanwhile and after a no rendering nothing (`data-unavailable`).
   */
  private access(): true | Promise<boolean> {
    if (this.allowed) return this.allowed;
    const answer = chatAccess(this.getAttribute('provider'));
    if (answer === true) return true;
    this.toggleAttribute('data-unavailable', true);
    this.allowed = answer.then((yes) => {
      this.toggleAttribute('data-unavailable', !yes);
      if (!yes)
        this.rejectReady(new ChatUnavailable(`[portal] No chat on ${location.origin}: see the [portal] warning.`));
      return yes;
    });
    return this.allowed;
  }

  private call(work: (session: ChatSession) => void) {
    if (this.session) return work(this.session);
    this.queue.push(work);
    void this.start().catch(
      (error: unknown) =>
        error instanceof ChatUnavailable || console.error('[portal] the chat could not be loaded', error),
    );
  }

  private load() {
    this.loading ??= loadChat(chatSettings(this.getAttribute('provider')));
    return this.loading;
  }

  private language(): ChatLang {
    const value = this.getAttribute('lang') ?? this.closest('[lang]')?.getAttribute('lang') ?? '';
    return /^en\b/i.test(value) ? 'en' : 'zh-CN';
  }

  private label() {
    const text = TEXT[this.language()];
    const { unread, unreachable } = this.state;
    const label = unreachable ? text.unreachable : text.label;
    this.button.setAttribute('aria-label', unread ? text.unread(unread) : label);
    this.button.title = label;
    this.badge.textContent = unread > 99 ? '99+' : String(unread);
    this.badge.hidden = unread === 0;
  }

  private host(): LauncherHost {
    return {
      element: this,
      lang: this.language(),
      panel: this.panel,
      button: this.button,
      render: (next) => {
        const previous = this.state;
        this.state = next;
        this.toggleAttribute('data-open', next.visible);
        this.button.setAttribute('aria-expanded', String(next.visible));
        this.label();
        if (next.visible !== previous.visible) this.emit(next.visible ? 'portal-chat-opened' : 'portal-chat-closed');
        if (next.unread !== previous.unread) this.emit('portal-chat-unread-changed', { count: next.unread });
      },
      emit: (type, detail) => this.emit(type, detail),
    };
  }

  private emit(type: string, detail?: unknown) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}

if (!customElements.get(CHAT_LAUNCHER_TAG)) customElements.define(CHAT_LAUNCHER_TAG, PortalChatLauncher);

declare global {
  interface HTMLElementTagNameMap {
    // Its public face, spelled out for the generated declarations.
    'portal-chat-launcher': HTMLElement & {
      /** Whether the panel is shown. */
      readonly visible: boolean;
      /** Messages from the agent not seen yet (the badge's number). */
      readonly unreadCount: number;
      /** Kept once the chat is started: its code loaded and connected. */
      readonly ready: Promise<void>;
      /** Opens the panel; `card`: a product or solution number, which the portal looks up (see the class). */
      open(
        card?:
          | string
          | { type: 1 | 2; associationNo: string }
          | { picUrl: string; title: string; description: string; url?: string },
      ): void;
      /** Hides the panel; the conversation goes on. */
      close(): void;
      /** Opens the panel when it is hidden, else hides it. */
      toggle(): void;
      /** Sends a card to the agent now if the panel is open, else when it next opens. */
      sendCard(
        card:
          | string
          | { type: 1 | 2; associationNo: string }
          | { picUrl: string; title: string; description: string; url?: string },
      ): void;
    };
  }
  interface GlobalEventHandlersEventMap {
    'portal-chat-opened': CustomEvent<undefined>;
    'portal-chat-closed': CustomEvent<undefined>;
    'portal-chat-unread-changed': CustomEvent<{ count: number }>;
    'portal-chat-message': CustomEvent<unknown>;
  }
}
