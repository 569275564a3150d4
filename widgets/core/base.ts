import { portalOrigin } from './config';

/**
 * Prefix for links to portal pages: nothing on the portal itself, the portal's
 * origin when the element is embedded in a page we do not control.
 */
export function linkBase(): string {
  const origin = portalOrigin();
  return location.origin === origin ? '' : origin;
}
