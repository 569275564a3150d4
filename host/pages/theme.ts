import type { Theme } from '../../contract/page-data';

/** Dark on the product centre and product details, light elsewhere (SPEC §2). */
export function themeFor(path: string): Theme {
  return /^\/product(\/[^/]+)?\/?$/.test(path) ? 'dark' : 'light';
}
