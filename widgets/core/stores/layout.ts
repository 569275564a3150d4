import { atom } from 'nanostores';
import type { Theme } from '../../../contract/page-data';

/** Viewports up to this width get the mobile layout (SPEC §9). */
export const MOBILE_MAX_WIDTH = 1023;

export type { Theme } from '../../../contract/page-data';

// Read as the module loads, so checked: jsdom, the DOM of Jest and Vitest, has no
// `matchMedia`, and importing an element there threw (issue #34). There: wide.
const mobileQuery = typeof matchMedia === 'function' ? matchMedia(`(max-width: ${MOBILE_MAX_WIDTH}px)`) : undefined;

export const $isMobile = atom(mobileQuery?.matches ?? false);
mobileQuery?.addEventListener('change', (event) => $isMobile.set(event.matches));

export const $isMac = atom(/Mac|iPhone|iPad/.test(navigator.userAgent));

/** Dark on the product pages, light elsewhere; the host page says which. */
export const $theme = atom<Theme>('light');
