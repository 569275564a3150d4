import { useEffect, useRef } from 'react';
import type { FocusTrap } from '../dialog/trap-focus';

/**
 * An open mobile menu covers the page, so it takes the keyboard as a dialog
 * would: focus moves to its first link, Tab and Shift+Tab go round its links and
 * the toggle (the page behind is out of reach), and Escape closes it with focus
 * back on the toggle. Without this, Tab from the toggle went on to the page
 * under the menu, and the links, before the toggle, came only backwards.
 *
 * The trap (focus-trap, 7 KB) is fetched when a menu first opens, not with the
 * header every page loads; focus moves into the menu once it is there.
 */
export function useMenuFocus(root: ShadowRoot | null, menuId: string, open: boolean, close: () => void) {
  const closing = useRef(close);
  closing.current = close;
  useEffect(() => {
    const menu = root?.getElementById(menuId);
    const toggle = root?.querySelector<HTMLElement>(`[aria-controls="${menuId}"]`);
    if (!open || !menu || !toggle) return;
    let trap: FocusTrap | undefined;
    let closed = false;
    const firstLink = () => menu.querySelector<HTMLElement>('a[href]') ?? toggle;
    void import('../dialog/trap-focus').then(
      ({ trapFocus }) => {
        if (closed) return;
        // The links first, then the toggle (in its box: a container's own node is not a stop): the order Tab goes round.
        trap = trapFocus([menu, toggle.parentElement ?? toggle], {
          initialFocus: firstLink,
          // Escape: the menu closes with focus back on the toggle. Closed otherwise (the toggle, a link), focus stays.
          onDeactivate: () => closing.current(),
          setReturnFocus: toggle,
          delayReturnFocus: false,
        });
        trap.activate();
      },
      () => {
        // Not fetched (a dropped connection): the menu opens all the same, with focus in it.
        if (!closed) firstLink().focus();
      },
    );
    return () => {
      closed = true;
      trap?.deactivate({ returnFocus: false });
    };
  }, [root, menuId, open]);
}
