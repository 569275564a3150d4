import { atom } from 'nanostores';

/**
 * The page's current route (path and query). It changes on every client-side
 * navigation of a single-page host: pushState, replaceState and back/forward.
 * Hash-only changes are in-page anchors, not routes.
 */
export const $route = atom(currentRoute());

function currentRoute(): string {
  return location.pathname + location.search;
}

function sync() {
  const next = currentRoute();
  if (next !== $route.get()) $route.set(next);
}

// Single-page routers call history methods directly and no event reports it, so we
// wrap them once per page, whichever copy of the runtime gets here first.
const WRAPPED = Symbol.for('portal.history-wrapped');
type WrappableHistory = History & { [WRAPPED]?: true };
const wrappable = history as WrappableHistory;

if (!wrappable[WRAPPED]) {
  wrappable[WRAPPED] = true;
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method];
    history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      original.apply(this, args);
      window.dispatchEvent(new Event('portal-route-change'));
    };
  }
}
window.addEventListener('portal-route-change', sync);
window.addEventListener('popstate', sync);
