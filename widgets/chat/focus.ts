/** Below SPEC §9's mobile breakpoint the panel covers the page (chat-panel.css): it is modal there. */
export const fullScreen = () => matchMedia('(max-width: 1023px)').matches;

/** The element with focus, looked for through open shadow roots; none when it is the page itself. */
function focused(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * The panel's focus, as a dialog's: into the message box when it opens; kept inside
 * while it covers the screen (Tab is kept by the panel itself, this catches focus
 * that goes elsewhere, and keys pressed outside it); given back when it closes to
 * what opened it (a page's chat button, the launcher), else to the launcher.
 */
export function panelFocus(panel: HTMLElement, launcher: HTMLElement, close: () => void) {
  let opener: HTMLElement | null = null;
  const inside = (event: Event) => event.composedPath().includes(panel);
  const messageBox = () => panel.querySelector('textarea');
  const onFocusIn = (event: FocusEvent) => {
    if (fullScreen() && !inside(event)) messageBox()?.focus();
  };
  // Focus may also fall to the page when the focused node goes (a message re-rendered):
  // the next Tab comes back into the panel, Escape still closes it.
  const onKeyDown = (event: KeyboardEvent) => {
    if (!fullScreen() || inside(event)) return;
    if (event.key === 'Escape') close();
    else if (event.key === 'Tab') {
      event.preventDefault();
      messageBox()?.focus();
    }
  };
  return {
    opened() {
      opener = focused();
      messageBox()?.focus();
      document.addEventListener('focusin', onFocusIn);
      document.addEventListener('keydown', onKeyDown);
    },
    /** `byVisitor`: closed from the panel (✕, Escape); otherwise focus moves only if it was inside. */
    closed(byVisitor: boolean) {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKeyDown);
      const active = focused();
      if (!byVisitor && !(active && panel.contains(active))) return;
      if (opener?.isConnected && !panel.contains(opener)) opener.focus();
      if (focused() !== opener) launcher.focus();
      opener = null;
    },
  };
}
