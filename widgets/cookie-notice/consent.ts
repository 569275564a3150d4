import Cookies from 'js-cookie';
import { atom } from 'nanostores';
import { $route } from '../core/route';

/** Name and value of the cookie that records consent (SPEC §9). */
export const CONSENT_COOKIE = 'cookie-agree';
const AGREED = 'true';

/**
 * `pending`: the notice shows. `dismissed`: closed until the next route change.
 * `agreed`: the cookie is set and the notice stays away.
 */
export type ConsentState = 'pending' | 'dismissed' | 'agreed';

const fromCookie = (): ConsentState => (Cookies.get(CONSENT_COOKIE) === AGREED ? 'agreed' : 'pending');

export const $consent = atom<ConsentState>(fromCookie());

// Every route change asks again, unless the visitor has agreed meanwhile (maybe in another tab).
$route.listen(() => $consent.set(fromCookie()));

export function agree(): void {
  Cookies.set(CONSENT_COOKIE, AGREED, {
    path: '/',
    expires: 365,
    sameSite: 'Lax',
    secure: location.protocol === 'https:',
  });
  $consent.set('agreed');
}

export function dismiss(): void {
  if ($consent.get() === 'pending') $consent.set('dismissed');
}
