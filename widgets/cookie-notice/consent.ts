import Cookies from 'js-cookie';
import { atom } from 'nanostores';
import { CONSENT_AGREED as AGREED, CONSENT_COOKIE, CONSENT_DAYS } from '../../contract/cookie-consent';
import { $route } from '../core/route';

/** Name of the cookie that records consent (SPEC §9). */
export { CONSENT_COOKIE };

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
    expires: CONSENT_DAYS,
    sameSite: 'Lax',
    secure: location.protocol === 'https:',
  });
  $consent.set('agreed');
}

export function dismiss(): void {
  if ($consent.get() === 'pending') $consent.set('dismissed');
}
