import type { LoadWhen } from '../../contract/load-on';

/**
 * When an element's code is needed, as its `load-on` attribute says. Most
 * elements load as soon as their tag appears; with `load-on` they wait:
 * - `visible` until they come near the viewport;
 * - `interaction` until the visitor points at, touches or focuses them;
 * - `scroll` the same, or until the page first scrolls (an element that follows
 *   the scrolling, like the header);
 * - `signed-in` until the page finds a user, as it loads or later (elements that
 *   have nothing to show a visitor); a phone's page asks the hub only when
 *   something needs the user (see `checkSignInOnLoad`).
 * The first three are complete as server-rendered markup: a link clicked before
 * the code is here is followed at once, and any other click is replayed once the
 * element is ready, so nothing the visitor does is lost.
 *
 * Fetched by the loader only for pages that defer an element: keep it small.
 */
export type { LoadWhen } from '../../contract/load-on';

const TRIGGERS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;
/** Visible means within this distance of the viewport: the code arrives before the element does. */
const VISIBLE_MARGIN = '300px';

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
  if (when === 'signed-in') {
    // The same light check the sign-in widget makes (one per page, shared), and
    // any sign-in found after it.
    void import('../core/account/portal-session').then(({ whenSignedIn }) => whenSignedIn()).then(load);
    return;
  }
  if (when !== 'visible' && when !== 'interaction' && when !== 'scroll') return void load();
  let started: Promise<unknown> | undefined;
  let observer: IntersectionObserver | undefined;
  const start = () => {
    observer?.disconnect();
    for (const type of TRIGGERS) element.removeEventListener(type, start);
    removeEventListener('scroll', start);
    started ??= load();
    return started;
  };
  for (const type of TRIGGERS) element.addEventListener(type, start, { once: true, passive: true });
  if (when === 'scroll') addEventListener('scroll', start, { once: true, passive: true });
  // This code arrives after the page: the visitor may already be pointing at the
  // element (the header, after a click on one of its links), be in it, or have
  // scrolled. Those events are past and would not come again.
  if (element.matches(':hover, :focus-within') || (when === 'scroll' && scrollY > 0)) void start();
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
  // A click before the element is ready: a link works without the code, and an
  // element inside that has its own (the header's sign-in) handles its click, so
  // both go now. Any other is given again once the element is ready, to the
  // innermost element it reached (a click on an icon lands on its SVG: clicking
  // it again bubbles the same way). True if it is to be given again.
  const givesAgain = (path: EventTarget[]) => {
    const inside = path.slice(0, path.indexOf(element)).filter((node) => node instanceof HTMLElement);
    const goesNow = inside.some(
      (node) =>
        (node instanceof HTMLAnchorElement && node.hasAttribute('href')) ||
        (node.localName.includes('-') && customElements.get(node.localName)),
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
  if (when === 'visible') {
    observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), {
      rootMargin: VISIBLE_MARGIN,
    });
    observer.observe(element);
  }
}
