/**
 * Fires a `portal-*` event from an element: it bubbles and crosses shadow roots,
 * so a page can listen on the element or anywhere above it.
 */
export function emit<T>(host: HTMLElement, type: `portal-${string}`, detail?: T): boolean {
  return host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable: true }));
}
