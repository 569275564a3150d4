/**
 * What `chat.js` does on a page the portal refuses (an origin not in
 * CHAT_PARTNER_ORIGINS): says so once in the console, and answers the page's
 * `window.portalChat` calls with nothing, its `ready` rejected with the reason.
 * Fetched only then: most pages are allowed, and carry none of it.
 */
export function refuse(portal: string): void {
  const reason = `[portal] The chat is not available on ${location.origin}: the portal at ${portal} does not list this origin. Add it to CHAT_PARTNER_ORIGINS on the portal's server (CHAT_PARTNER_ORIGINS=${location.origin}).`;
  console.warn(reason);
  const ready = Promise.reject(new Error(reason));
  // Rejected for whoever asks, without an "uncaught" error of its own.
  ready.catch(() => {});
  const nothing = () => {};
  (window as Window & { portalChat?: unknown }).portalChat = {
    ready,
    open: nothing,
    close: nothing,
    toggle: nothing,
    sendCard: nothing,
    push: nothing,
  };
}
