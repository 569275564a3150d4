import { type ReactNode, useEffect, useRef, useState } from 'react';

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
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

let dialogs = 0;

/** The element that has focus, looking into shadow roots (ours sit in one). */
function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

/**
 * A modal dialog on the native `<dialog>` opened with `showModal()`: the browser
 * makes the rest of the page inert and puts the dialog on top. Around that it
 * keeps Tab and Shift+Tab inside (the browser would let focus leave for its own
 * toolbar), makes Escape the same as the close button, and gives focus back to
 * where it was when the dialog goes away.
 */
export function Modal({ title, onClose, closeLabel, note, initialFocus, kind, children, actions }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // A counter, not React's useId: that hook would land in every page's runtime chunk.
  const [titleId] = useState(() => `portal-dialog-${++dialogs}`);
  const describedId = `${titleId}-text`;
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const returnTo = deepActiveElement();
    if (!dialog.open) dialog.showModal();
    const first =
      (initialFocus && dialog.querySelector<HTMLElement>(initialFocus)) ||
      dialog.querySelector<HTMLElement>('.actions button');
    first?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, [initialFocus]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab') return;
    const dialog = ref.current;
    if (!dialog) return;
    const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length);
    if (!focusable.length) return;
    const first = focusable[0] as HTMLElement;
    const last = focusable[focusable.length - 1] as HTMLElement;
    const active = (dialog.getRootNode() as ShadowRoot | Document).activeElement;
    if (event.shiftKey && (active === first || !dialog.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className="modal"
      part="dialog"
      data-kind={kind}
      aria-labelledby={titleId}
      aria-describedby={describedId}
      aria-modal="true"
      onKeyDown={onKeyDown}
      onCancel={(event: Event) => {
        // Escape: closed by us, like the close button, never by the browser alone.
        event.preventDefault();
        closeRef.current();
      }}
    >
      <header className="modal-head">
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
        <p className="modal-note" part="note" id={describedId}>
          {note}
        </p>
      )}
      <div className="modal-body" part="body" id={note ? undefined : describedId}>
        {children}
      </div>
      <div className="actions" part="actions">
        {actions}
      </div>
    </dialog>
  );
}
