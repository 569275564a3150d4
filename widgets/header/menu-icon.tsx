import { useEffect, useRef } from 'react';

/** The mobile menu toggle's icon: three bars, or a cross while open. */
export function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'}
        stroke="currentColor"
        stroke-width="2"
        stroke-linecap="round"
      />
    </svg>
  );
}

/** The button that opens and closes a header's mobile menu (`controls` is the menu's id). */
export function MenuToggle(props: {
  open: boolean;
  controls: string;
  className: string;
  labels: { open: string; close: string };
  onToggle?: () => void;
}) {
  return (
    <button
      type="button"
      className={props.className}
      part="toggle"
      aria-expanded={props.open ? 'true' : 'false'}
      aria-controls={props.controls}
      aria-label={props.open ? props.labels.close : props.labels.open}
      onClick={props.onToggle}
    >
      <MenuIcon open={props.open} />
    </button>
  );
}

/** The controls a Tab goes through while the menu is open: its links, then the toggle. */
function stopsOf(root: ShadowRoot, menuId: string): HTMLElement[] {
  const links = [...root.querySelectorAll<HTMLElement>(`#${menuId} a[href]`)];
  const toggle = root.querySelector<HTMLElement>(`[aria-controls="${menuId}"]`);
  return [...links, ...(toggle ? [toggle] : [])].filter((control) => control.getClientRects().length > 0);
}

/**
 * An open mobile menu covers the page, so it takes the keyboard as a dialog
 * would: focus moves to its first link, Tab and Shift+Tab go round its links and
 * the toggle (the page behind is out of reach), and Escape closes it with focus
 * back on the toggle. Without this, Tab from the toggle went on to the page
 * under the menu, and the links, before the toggle, came only backwards.
 */
export function useMenuFocus(root: ShadowRoot | null, menuId: string, open: boolean, close: () => void) {
  const closing = useRef(close);
  closing.current = close;
  useEffect(() => {
    if (!open || !root) return;
    stopsOf(root, menuId)[0]?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        closing.current();
        root.querySelector<HTMLElement>(`[aria-controls="${menuId}"]`)?.focus();
      } else if (event.key === 'Tab') {
        const stops = stopsOf(root, menuId);
        if (!stops.length) return;
        const at = stops.indexOf(root.activeElement as HTMLElement);
        const step = event.shiftKey ? -1 : 1;
        const next = at === -1 ? (event.shiftKey ? stops.length - 1 : 0) : (at + step + stops.length) % stops.length;
        event.preventDefault();
        stops[next]?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [root, menuId, open]);
}
