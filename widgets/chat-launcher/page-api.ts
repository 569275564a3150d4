import type { PageCard } from './types';

/** What a page may ask of the launcher. */
export interface ChatControls {
  open(card?: PageCard): void;
  close(): void;
  toggle(): void;
  sendCard(card: PageCard): void;
  readonly ready: Promise<void>;
}

type Call = [method: 'open' | 'close' | 'toggle' | 'sendCard', ...args: unknown[]];
type WindowApi = ChatControls & { push(call: Call): void };
type ChatWindow = Window & { portalChat?: WindowApi | Call[] };

/** `window.portalChat`: the same methods for the host page; calls it queued before are replayed. */
function exposeOnWindow(launcher: ChatControls) {
  const win = window as ChatWindow;
  const queued = Array.isArray(win.portalChat) ? win.portalChat : [];
  if (win.portalChat && !Array.isArray(win.portalChat)) return;
  const api: WindowApi = {
    open: (card) => launcher.open(card),
    close: () => launcher.close(),
    toggle: () => launcher.toggle(),
    sendCard: (card) => launcher.sendCard(card),
    ready: launcher.ready,
    push: ([method, ...args]) => (api[method] as (...a: unknown[]) => void)?.(...args),
  };
  win.portalChat = api;
  for (const call of queued) api.push(call);
}

/**
 * The page's ways into the chat, answered by one launcher: its buttons with
 * `data-portal-chat-open` (shown, as they wait hidden until a chat can open;
 * `data-portal-chat-card` is their card), the floating buttons' contact, and
 * `window.portalChat`. Returns what stops answering the buttons (the window's
 * methods stay).
 */
export function answerThePage(launcher: ChatControls): () => void {
  const onContact = (event: Event) => {
    const card = (event as CustomEvent<{ card?: PageCard | null }>).detail?.card;
    launcher.open(card ?? undefined);
  };
  const onPageClick = (event: MouseEvent) => {
    const opener = (event.target as Element | null)?.closest?.('[data-portal-chat-open]');
    if (!opener) return;
    event.preventDefault();
    launcher.open(opener.getAttribute('data-portal-chat-card') ?? undefined);
  };
  document.addEventListener('portal-float-buttons-contact', onContact);
  document.addEventListener('click', onPageClick);
  for (const opener of document.querySelectorAll<HTMLElement>('[data-portal-chat-open][hidden]')) opener.hidden = false;
  exposeOnWindow(launcher);
  return () => {
    document.removeEventListener('portal-float-buttons-contact', onContact);
    document.removeEventListener('click', onPageClick);
  };
}
