import { type FocusTrap, trapFocus } from '../dialog/trap-focus';

/** Below SPEC §9's mobile breakpoint the panel covers the page (chat-panel.css): it is modal there. */
const COVERS_PAGE = '(max-width: 1023px)';
export const fullScreen = () => matchMedia(COVERS_PAGE).matches;

/** The element with focus, looked for through open shadow roots; none when it is the page itself. */
function focused(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * The panel's focus, as a dialog's: into the message box when it opens; given
 * back when it closes to what opened it (a page's chat button, the launcher),
 * else to the launcher. While it covers the screen a focus trap keeps Tab inside
 * and brings back focus that goes elsewhere; keys pressed while focus has fallen
 * to the page itself (`blur()`) are the panel's too: Escape closes it, Tab comes
 * back to the message box. Escape inside is the panel's own (ChatPanel).
 */
export function panelFocus(panel: HTMLElement, launcher: HTMLElement, close: () => void) {
  let opener: HTMLElement | null = null;
  const inside = (event: Event) => event.composedPath().includes(panel);
  const messageBox = () => panel.querySelector('textarea');
  const trap: FocusTrap = trapFocus(panel, {
    // Where focus goes when the trap starts (it stays if inside), or when the node that had it is removed (a message re-rendered).
    initialFocus: () => {
      const active = focused();
      return active && panel.contains(active) ? active : (messageBox() ?? undefined);
    },
    escapeDeactivates: false,
    returnFocusOnDeactivate: false,
    // Tab from outside is the listener's below, which knows where the visitor types.
    isKeyForward: (event) => event.key === 'Tab' && !event.shiftKey && inside(event),
    isKeyBackward: (event) => event.key === 'Tab' && event.shiftKey && inside(event),
  });
  const onKeyDown = (event: KeyboardEvent) => {
    if (!trap.active || inside(event)) return;
    if (event.key === 'Escape') close();
    else if (event.key === 'Tab') {
      event.preventDefault();
      messageBox()?.focus();
    }
  };
  /** Trapped only while the panel covers the page, also when the window is resized while it is open. */
  const media = matchMedia(COVERS_PAGE);
  const follow = () => (media.matches ? trap.activate() : trap.deactivate());
  return {
    opened() {
      opener = focused();
      messageBox()?.focus();
      follow();
      media.addEventListener('change', follow);
      document.addEventListener('keydown', onKeyDown);
    },
    /** `byVisitor`: closed from the panel (✕, Escape); otherwise focus moves only if it was inside. */
    closed(byVisitor: boolean) {
      media.removeEventListener('change', follow);
      document.removeEventListener('keydown', onKeyDown);
      trap.deactivate();
      const active = focused();
      if (!byVisitor && !(active && panel.contains(active))) return;
      if (opener?.isConnected && !panel.contains(opener)) opener.focus();
      if (focused() !== opener) launcher.focus();
      opener = null;
    },
  };
}
