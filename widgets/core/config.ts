import { CONFIG_KEY, ENV_KEY } from '../../contract/environments';
import { warnOnce } from './warn-once';

/**
 * The portal's origin: as `<meta name="portal-origin">` says (the page's, or the
 * one `configurePortal` writes), else where this code was loaded from, so a
 * partner page needs nothing but the script tag. One place for both keeps this
 * chunk, which every page loads, small. Read each time: a bundle may configure it
 * after importing the elements.
 */
export function portalOrigin(): string {
  return new URL(document.querySelector<HTMLMetaElement>('meta[name=portal-origin]')?.content || import.meta.url)
    .origin;
}

/** An absolute address on the portal, for links that must work on foreign pages too. */
export function portalUrl(path: string): string {
  return new URL(path, portalOrigin()).href;
}

/**
 * Whether the elements know their portal: the page or its bundle said where it
 * is (`<meta name="portal-origin">` or `portal-env`, `configurePortal`), a
 * portal's `portal.js` announced itself, or this code came from a portal's
 * `/widgets/` (its own pages, or a partner's script tag). Code bundled into an
 * app, or taken from a CDN, says none of these until `configurePortal` is called:
 * the elements would then take the app's own server for the portal, and a
 * sign-in would spin, then lead to the app's `/api/guc/…` (issue #34). So they
 * render nothing, and this says why once.
 */
export function portalKnown(): boolean {
  const page = globalThis as unknown as Record<symbol, unknown>;
  const code = new URL(import.meta.url);
  if (
    page[CONFIG_KEY] ||
    page[ENV_KEY] ||
    document.querySelector('meta[name=portal-origin], meta[name=portal-env]') ||
    // A portal serves this code under `/widgets/`; the package holds it under `widgets/dist/`.
    (/^https?:$/.test(code.protocol) && /\/widgets\/(?!dist\/)/.test(code.pathname))
  )
    return true;
  warnOnce(
    'configure',
    `[portal] The portal's elements do not know where the portal is: nothing on this page says it. Call configurePortal({ origin: 'https://your-portal.example' }) from '@industrial-portal/widgets' before they are on the page (or add <meta name="portal-origin" content="https://…">). Until then they render nothing.`,
  );
  return false;
}
