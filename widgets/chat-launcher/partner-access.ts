/**
 * What `chat.js` needs only on pages that did not render the launcher (a
 * partner's): fetched there with the launcher's code (one chunk), so the
 * portal's own pages carry none of it on a first view.
 */

/**
 * Whether the portal lets this page of another origin use the chat (it lists the
 * partner origins, CHAT_PARTNER_ORIGINS). An answer the portal cannot give (a
 * network failure) counts as yes: the launcher shows and says so itself. A
 * refusal is said once in the console, and the page's `window.portalChat` calls
 * are answered with nothing, its `ready` rejected with the reason.
 */
export async function partnerAccess(portal: string): Promise<boolean> {
  if (await askPortal(portal)) return true;
  refuse(portal);
  return false;
}

/** The portal's answer for this page's origin (access.ts asks the same); yes when it cannot give one. */
export async function askPortal(portal: string): Promise<boolean> {
  try {
    const answer = await fetch(`${portal}/api/chat/access`, { cache: 'no-store', credentials: 'omit' });
    const body = answer.ok ? ((await answer.json()) as { result?: { allowed?: boolean } }) : undefined;
    return body?.result?.allowed !== false;
  } catch {
    return true;
  }
}

/** What the console says on a page the portal refuses. */
export const refusal = (portal: string) =>
  `[portal] The chat is not available on ${location.origin}: the portal at ${portal} does not list this origin. Add it to CHAT_PARTNER_ORIGINS on the portal's server (CHAT_PARTNER_ORIGINS=${location.origin}).`;

function refuse(portal: string): void {
  const reason = refusal(portal);
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

/**
 * The launcher `chat.js` puts on a page that has none, as its script tag says:
 * `data-lang`, and `data-position` (`left` or `right`).
 */
export function placeLauncher(script: HTMLScriptElement | null): void {
  const { lang, position } = script?.dataset ?? {};
  const launcher = document.createElement('portal-chat-launcher');
  if (lang) launcher.setAttribute('lang', lang);
  if (position === 'left' || position === 'right') launcher.setAttribute('position', position);
  document.body.append(launcher);
}
