import { type ReactNode, useEffect, useRef, useState } from 'react';
import { trapFocus } from './trap-focus';

export interface ModalProps {
  title: string;
  /** Escape, the close button: the caller decides what closing means. */
  onClose: () => void;
  /** Label of the close button (it says what closing does). */
  closeLabel: string;
  /** Extra words beside the title, such as "closing signs you out". */
  note?: string;
  /** CSS selector, inside the dialog, of what takes focus first (default: the first button). */
  initialFocus?: string;
  /** Marks the dialog for styling and tests. */
  kind: string;
  children: ReactNode;
  actions: ReactNode;
  /** Drawn over the dialog (a question before closing); the rest of the dialog is inert while it shows. */
  overlay?: ReactNode;
}

let dialogs = 0;

/** The element that has focus, looking into shadow roots (ours sit in one). */
function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

/**
 * A modal dialog on the native `<dialog>` opened with `showModal()`: the browser
 * makes the rest of the page inert and puts the dialog on top. Around that a
 * focus trap (`trapFocus`) keeps Tab and Shift+Tab inside (the browser would let
 * focus leave for its own toolbar) and gives focus back to where it was when the
 * dialog goes away; Escape is the same as the close button.
 */
export function Modal({
  title,
  onClose,
  closeLabel,
  note,
  initialFocus,
  kind,
  children,
  actions,
  overlay,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // A counter, not React's useId: that hook would land in every page's runtime chunk.
  const [titleId] = useState(() => `portal-dialog-${++dialogs}`);
  const describedId = `${titleId}-text`;
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Taken before showModal(), which moves focus into the dialog.
    const returnTo = deepActiveElement();
    if (!dialog.open) dialog.showModal();
    const trap = trapFocus(dialog, {
      initialFocus: () =>
        (initialFocus && dialog.querySelector<HTMLElement>(initialFocus)) ||
        dialog.querySelector<HTMLElement>('.actions button') ||
        undefined,
      // Escape is the dialog's cancel event below: the caller's close, never the trap's alone.
      escapeDeactivates: false,
      setReturnFocus: () => (returnTo?.isConnected ? returnTo : false),
    });
    trap.activate();
    // A close request the browser would not let us cancel (a second one without a click between,
    // Android's back gesture) closes the dialog anyway: while it is ours, it stays open.
    const reopen = () => dialog.isConnected && dialog.showModal();
    dialog.addEventListener('close', reopen);
    return () => {
      dialog.removeEventListener('close', reopen);
      // Focus goes back a tick later (focus-trap's delayReturnFocus), once the dialog has closed and the page is no longer inert.
      trap.deactivate();
      if (dialog.open) dialog.close();
    };
  }, [initialFocus]);

  return (
    <dialog
      ref={ref}
      className="modal"
      part="dialog"
      data-kind={kind}
      aria-labelledby={titleId}
      aria-describedby={describedId}
      aria-modal="true"
      onKeyDown={(event: KeyboardEvent) => {
        // Escape handled here rather than as the browser's close request: that one
        // cannot be refused twice in a row, and a caller may ask before closing.
        if (event.key !== 'Escape' || event.isComposing || event.defaultPrevented) return;
        event.preventDefault();
        closeRef.current();
      }}
      onCancel={(event: Event) => {
        // Other close requests: closed by us, like the close button, never by the browser alone.
        event.preventDefault();
        closeRef.current();
      }}
    >
      <header className="modal-head" inert={!!overlay}>
        <h2 id={titleId} part="title">
          {title}
        </h2>
        <button
          type="button"
          className="modal-close"
          part="close-button"
          aria-label={closeLabel}
          title={closeLabel}
          onClick={() => closeRef.current()}
        >
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" />
          </svg>
        </button>
      </header>
      {note && (
        <p className="modal-note" part="note" id={describedId} inert={!!overlay}>
          {note}
        </p>
      )}
      <div className="modal-body" part="body" id={note ? undefined : describedId} inert={!!overlay}>
        {children}
      </div>
      <div className="actions" part="actions" inert={!!overlay}>
        {actions}
      </div>
      {overlay}
    </dialog>
  );
}
