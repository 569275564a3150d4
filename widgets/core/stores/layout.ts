import { atom } from 'nanostores';
import type { Theme } from '../../../contract/page-data';

/** Viewports up to this width get the mobile layout (SPEC §9). */
export const MOBILE_MAX_WIDTH = 1023;

export type { Theme } from '../../../contract/page-data';

const mobileQuery = matchMedia(`(max-width: ${MOBILE_MAX_WIDTH}px)`);

export const $isMobile = atom(mobileQuery.matches);
mobileQuery.addEventListener('change', (event) => $isMobile.set(event.matches));

export const $isMac = atom(/Mac|iPhone|iPad/.test(navigator.userAgent));

/** Dark on the product pages, light elsewhere; the host page says which. */
export const $theme = atom<Theme>('light');
