import { useEffect } from 'react';

/** Set on an entry whose submenu the visitor dismissed; CSS hides the submenu. */
const DISMISSED = 'data-dismissed';

/**
 * The desktop submenus open on hover and focus (CSS). Content that appears so
 * must be dismissible without moving the pointer or focus (WCAG 1.4.13): Escape
 * hides the open one, with focus back on its entry, until the pointer leaves
 * the entry, focus moves out of it, or Tab moves on into the submenu.
 */
export function useSubmenuEscape(root: ShadowRoot | null, enabled: boolean) {
  useEffect(() => {
    if (!root || !enabled) return;
    const onKey = (event: KeyboardEvent) => {
      // Tab forward from a dismissed entry goes into its submenu, the next stops in
      // order: the submenu shows again (keydown comes before focus moves).
      if (event.key === 'Tab' && !event.shiftKey) {
        root.activeElement?.closest(`[${DISMISSED}]`)?.removeAttribute(DISMISSED);
        return;
      }
      if (event.key !== 'Escape') return;
      for (const entry of root.querySelectorAll<HTMLElement>('.has-children')) {
        if (entry.hasAttribute(DISMISSED) || !entry.matches(':hover, :focus-within')) continue;
        entry.setAttribute(DISMISSED, '');
        if (entry.contains(root.activeElement)) entry.querySelector<HTMLElement>('a.link')?.focus();
      }
    };
    // Pointer or focus leaving a dismissed entry lets it open again.
    const onLeave = (event: Event) => {
      const entry = (event.target as Element).closest?.(`[${DISMISSED}]`);
      const to = (event as PointerEvent | FocusEvent).relatedTarget;
      if (entry && !(to instanceof Node && entry.contains(to))) entry.removeAttribute(DISMISSED);
    };
    document.addEventListener('keydown', onKey);
    root.addEventListener('pointerout', onLeave);
    root.addEventListener('focusout', onLeave);
    return () => {
      document.removeEventListener('keydown', onKey);
      root.removeEventListener('pointerout', onLeave);
      root.removeEventListener('focusout', onLeave);
      for (const entry of root.querySelectorAll(`[${DISMISSED}]`)) entry.removeAttribute(DISMISSED);
    };
  }, [root, enabled]);
}
