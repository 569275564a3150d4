/**
 * Where this runtime was loaded from. The widgets talk to that origin by default,
 * so a partner page needs nothing but the script tag.
 */
export const portalOrigin: string = new URL(import.meta.url).origin;

/** An absolute address on the portal, for links that must work on foreign pages too. */
export function portalUrl(path: string): string {
  return new URL(path, portalOrigin).href;
}
