import { defineElement } from '../core/define';
import { serverStyles } from '../core/server-styles';
import { Login, type LoginProps } from './Login';

export const LOGIN_TAG = 'portal-login';

/**
 * The sign-in widget: a spinner while the sign-in is checked; when signed in, the
 * user's avatar and name linking to the console's welcome page, and a sign-out
 * button; when signed out, a sign-in button. Hidden on mobile user agents; smaller
 * at widths up to 1460 px. Works alone in the console.
 *
 * @summary Sign-in status and actions.
 * @attr lang - `zh-CN` or `en`; defaults to the nearest `lang` on the page.
 * @event portal-login-signed-in - The page has a signed-in user (detail: name, companyId): at start, or when
 *   the user signs in on another origin sharing the sign-in.
 * @event portal-login-signed-out - The user signed out: here (the page then goes to the account service), in
 *   another tab, or on another origin sharing the sign-in.
 * @csspart login - The widget's box.
 * @csspart spinner - The loading indicator.
 * @csspart user - The link with avatar and name.
 * @csspart avatar - The avatar image.
 * @csspart login-button - The sign-in button.
 * @csspart logout-button - The sign-out button.
 * @cssproperty --portal-accent-color - Spinner colour.
 * @cssproperty --portal-focus-ring-color - Focus outline colour.
 * @cssproperty --portal-font-family - Font family (the system's Chinese fonts: PingFang SC, Microsoft YaHei, Noto Sans CJK SC).
 */
export const PortalLogin = defineElement<LoginProps>(LOGIN_TAG, Login, {
  props: { lang: 'string' },
  styles: serverStyles(() => import('./login.css')),
});

declare global {
  interface HTMLElementTagNameMap {
    'portal-login': HTMLElement & { lang: string };
  }
  interface GlobalEventHandlersEventMap {
    'portal-login-signed-in': CustomEvent<{ name: string; companyId: string | null }>;
    'portal-login-signed-out': CustomEvent<undefined>;
  }
}
