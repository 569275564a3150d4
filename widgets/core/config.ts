/**
 * The portal's origin: as `<meta name="portal-origin">` says (the page's, or the
 * one `configurePortal` writes), else where this code was loaded from, so a
 * partner page needs nothing but the script tag. One place for both keeps this
 * chunk, which every page loads, small. Read each time: a bundle may configure it
 * after importing the elements.
 */
export function portalOrigin(): string {
  // Code read from a file (a DOM emulator in Node) has no origin: the page's, as a bundle's would be (issue #34).
  return new URL(
    document.querySelector<HTMLMetaElement>('meta[name=portal-origin]')?.content || import.meta.url,
  ).origin.replace(/^null$/, location.origin);
}

/** An absolute address on the portal, for links that must work on foreign pages too. */
export function portalUrl(path: string): string {
  return new URL(path, portalOrigin()).href;
}
