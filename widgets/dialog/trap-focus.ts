import { createFocusTrap, type FocusTrap, type Options } from 'focus-trap';

// Not in core/: the build puts core/ in every page's runtime chunk, and focus-trap
// (7 KB) belongs only with what traps focus: the modal, the chat panel, an open menu.

export type { FocusTrap };

/**
 * focus-trap set up the way every trap here needs it: it looks into shadow
 * roots (our controls live in them), lets clicks outside through (the page
 * behind a modal `<dialog>` is inert already; the chat panel and the menu never
 * blocked the pointer), and moves focus at once rather than a tick later, so a
 * caller (and a test) finds it where it was put. Tab and Shift+Tab go round the
 * tabbable controls of `containers`, in their order; focus that leaves them is
 * brought back, also when the node that had it is removed.
 */
export function trapFocus(containers: HTMLElement | HTMLElement[], options: Options): FocusTrap {
  return createFocusTrap(containers, {
    tabbableOptions: { getShadowRoot: true },
    allowOutsideClick: true,
    delayInitialFocus: false,
    ...options,
  });
}
