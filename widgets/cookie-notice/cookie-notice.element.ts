import { defineElement } from '../core/define';
import { CookieNotice, type CookieNoticeProps } from './CookieNotice';
import styles from './cookie-notice.css';

export const COOKIE_NOTICE_TAG = 'portal-cookie-notice';

/**
 * The cookie notice: a short text with a link to the privacy policy, an agree
 * button and a close button, fixed to the bottom of the viewport.
 *
 * It shows on every page load and every client-side route change while the cookie
 * `cookie-agree=true` is absent. Agree sets that cookie (path `/`, one year,
 * SameSite=Lax) and closes after a 300 ms exit animation; close hides the notice
 * until the next route change.
 *
 * While it shows, it sets `--portal-cookie-notice-height` (its height, in px) on the
 * page's root element, and the floating controls (chat launcher and panel, floating
 * buttons) stand above it rather than under it; a page's own fixed controls at the
 * bottom can do the same. Its layer (980) is above theirs and below the header's
 * (1000), so an open mobile menu is never covered by it.
 *
 * @summary Cookie consent notice.
 * @attr lang - `zh-CN` or `en`; defaults to the nearest `lang` on the page.
 * @event portal-cookie-notice-agree - The visitor agreed; the cookie is set.
 * @event portal-cookie-notice-close - The visitor closed the notice without agreeing.
 * @csspart notice - The notice bar.
 * @csspart text - The paragraph of text.
 * @csspart link - The privacy policy link.
 * @csspart agree-button - The agree button.
 * @csspart close-button - The close button.
 * @cssproperty --portal-cookie-notice-background - Bar background.
 * @cssproperty --portal-cookie-notice-color - Bar text colour.
 * @cssproperty --portal-cookie-notice-z-index - Layer of the bar (980: above the floating controls, below the header's 1000).
 * @cssproperty --portal-cookie-notice-height - Set by the element on the page's root while the bar shows (its height): read it to keep fixed controls above the bar.
 * @cssproperty --portal-accent-color - Agree button background.
 * @cssproperty --portal-accent-text-color - Agree button text colour.
 * @cssproperty --portal-focus-ring-color - Focus outline colour.
 * @cssproperty --portal-font-family - Font family.
 */
export const PortalCookieNotice = defineElement<CookieNoticeProps>(COOKIE_NOTICE_TAG, CookieNotice, {
  props: { lang: 'string' },
  styles,
});

declare global {
  interface HTMLElementTagNameMap {
    'portal-cookie-notice': HTMLElement & { lang: string };
  }
  interface GlobalEventHandlersEventMap {
    'portal-cookie-notice-agree': CustomEvent<undefined>;
    'portal-cookie-notice-close': CustomEvent<undefined>;
  }
}
