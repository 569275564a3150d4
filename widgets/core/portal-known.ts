import { warnOnce } from './warn-once';

/** `ENV_KEY` and `CONFIG_KEY` of contract/environments.ts, spelled out: this module goes with the chat launcher too, which carries nothing else of ours. */
const ANNOUNCED = Symbol.for('portal.env');
const CONFIGURED = Symbol.for('portal.config');

/**
 * Whether the elements know their portal: the page or its bundle said where it
 * is (`<meta name="portal-origin">` or `portal-env`, `configurePortal`), a
 * portal's `portal.js` announced itself, or this code came from a portal's
 * `/widgets/` (its own pages, or a partner's script tag). Code bundled into an
 * app, or taken from a CDN, says none of these until `configurePortal` is called:
 * the elements would take the app's own server for the portal, and a sign-in
 * would spin, then lead to the app's `/api/guc/…` (issue #34). Those that need
 * the portal then render nothing, and this says why once.
 */
export function portalKnown(): boolean {
  const page = globalThis as unknown as Record<symbol, unknown>;
  const code = new URL(import.meta.url);
  if (
    page[CONFIGURED] ||
    page[ANNOUNCED] ||
    document.querySelector('meta[name=portal-origin], meta[name=portal-env]') ||
    // A portal serves this code under `/widgets/`; the package holds it under `widgets/dist/`.
    (/^https?:$/.test(code.protocol) && /\/widgets\/(?!dist\/)/.test(code.pathname))
  )
    return true;
  warnOnce(
    'configure',
    `[portal] The elements do not know their portal: call configurePortal({ origin: 'https://…' }) before they are on the page, or add <meta name="portal-origin" content="https://…">. Until then the sign-in, the agreements and the chat render nothing.`,
  );
  return false;
}
