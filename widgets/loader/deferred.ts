import type { LoadWhen } from '../../contract/load-on';

/**
 * When an element's code is needed, as its `load-on` attribute says. Most
 * elements load as soon as their tag appears; with `load-on` they wait:
 * - `visible` until they come near the viewport;
 * - `interaction` until the visitor points at, touches or focuses them;
 * - `scroll` the same, for an element that follows the scrolling (the header):
 *   until then it hides while the page scrolls down and shows on the way up
 *   without its code (hide-on-scroll.ts);
 * - `signed-in` until the page finds a user, as it loads or later, or the
 *   visitor reaches for it (the sign-in; elements that have nothing to show a
 *   visitor). The check needs no framework (core/account/sign-in-check.ts); until
 *   it finds someone the element carries `data-signed-out` (the sign-in shows 登录
 *   by it). A phone's page asks the hub only when something needs the user.
 * All are complete as server-rendered markup: a link of theirs clicked before
 * the code is here is followed at once, and any other click (one on the page's
 * own link an element wraps, like the order guard's) is given again once the
 * element is ready, so nothing the visitor does is lost.
 *
 * Fetched by the loader only for pages that defer an element, with the header's
 * hide-on-scroll and the light sign-in check (the `light` chunk): keep it small.
 */
import { waitForSignIn } from '../core/account/signed-in-wait';
import { hideOnScroll } from '../header/hide-on-scroll';

export type { LoadWhen } from '../../contract/load-on';

const TRIGGERS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

/**
 * `scanInside` is given the shadow root the server rendered for the element, so
 * the elements inside it (the header's sign-in) need not wait with it. The root
 * may still be arriving while the page is parsed: it is given again then.
 * `clickedBefore` holds the paths of the clicks on the element before this code
 * arrived (kept by the page's loader): they are given again like held ones.
 */
export function whenNeeded(
  element: Element,
  when: LoadWhen,
  load: () => Promise<unknown>,
  scanInside?: (root: ShadowRoot) => void,
  clickedBefore: EventTarget[][] = [],
): void {
  if (scanInside) {
    const inside = () => element.shadowRoot && scanInside(element.shadowRoot);
    inside();
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', inside, { once: true });
  }
  if (when !== 'visible' && when !== 'interaction' && when !== 'scroll' && when !== 'signed-in') return void load();
  let started: Promise<unknown> | undefined;
  let observer: IntersectionObserver | undefined;
  const start = () => {
    observer?.disconnect();
    for (const type of TRIGGERS) element.removeEventListener(type, start);
    started ??= load();
    return started;
  };
  for (const type of TRIGGERS) element.addEventListener(type, start, { once: true, passive: true });
  if (when === 'scroll') hideOnScroll(element as HTMLElement);
  if (when === 'signed-in') {
    waitForSignIn(element, start);
  }
  // This code arrives after the page: the visitor may already be pointing at the
  // element (the header, after a click on one of its links) or be in it. Those
  // events are past and would not come again.
  if (element.matches(':hover, :focus-within')) void start();
  // Defining the element upgrades it, and its component takes over the server's
  // markup in a task of its own (core/define.ts): until the task after that, the
  // markup has no handlers, so clicks are held until then too.
  let ready = false;
  const hydrated = customElements
    .whenDefined(element.localName)
    .then(() => new Promise((resolve) => setTimeout(resolve)))
    .then(() => {
      ready = true;
      element.removeEventListener('click', hold, { capture: true });
    });
  // A click before the element is ready: a link of its own (in its shadow root)
  // works without the code, and an element inside that has its own code or waits
  // for it itself (the header's sign-in) answers its click, so both go now. Any
  // other (on the page's link an element guards) is given again once the element
  // is ready, to the innermost element it reached (a click on an icon lands on its
  // SVG: clicking it again bubbles the same way). True if it is to be given again.
  const givesAgain = (path: EventTarget[]) => {
    const inside = path.slice(0, path.indexOf(element)).filter((node) => node instanceof HTMLElement);
    const own = !!element.shadowRoot && path.includes(element.shadowRoot);
    const goesNow = inside.some(
      (node) =>
        (own && node instanceof HTMLAnchorElement && node.hasAttribute('href')) ||
        (node.localName.includes('-') && (customElements.get(node.localName) || node.hasAttribute('load-on'))),
    );
    if (goesNow) {
      void start();
      return false;
    }
    void start()
      .then(() => hydrated)
      .then(() => inside[0]?.click());
    return true;
  };
  // Every click before the element is ready is held (not just the first: a click
  // that went ahead, on a link or the sign-in, must not leave the next one
  // unheld). Once it is ready, its own listeners answer.
  const hold = (event: Event) => {
    if (ready || !givesAgain(event.composedPath())) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  element.addEventListener('click', hold, { capture: true });
  // Clicks the page's loader kept while this code was on its way: the server's
  // markup they reached had nothing listening.
  for (const path of clickedBefore) givesAgain(path);
  // The portal's own pages wait for nothing to come into view: that code comes only where something does.
  if (when === 'visible')
    void import('./visible').then(({ whenVisible }) => {
      if (!started) observer = whenVisible(element, start);
    });
}
