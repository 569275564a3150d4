import { defineElement } from '../core/define';
import { Toast } from './Toast';
import styles from './toast.css';

export const TOAST_TAG = 'portal-toast';

/**
 * Short messages at the top of the viewport: error, info or success, 1.5 s, one at
 * a time. Pages need no markup: `toast()` (and every failed request) adds the
 * element on first use. Errors are announced assertively, others politely.
 *
 * They show below the portal's header (80 px from the top, 68 px below 1024 px) and
 * in a layer under it (990 to its 1000), so neither the header nor its open menu is
 * ever covered; above the page, the floating buttons, the launcher and the cookie notice.
 *
 * @summary Toast messages.
 * @csspart alert - The live region for errors.
 * @csspart status - The live region for info and success.
 * @csspart toast - The message; also `error`, `info` or `success`.
 * @cssproperty --portal-toast-background - Message background.
 * @cssproperty --portal-toast-color - Message text colour.
 * @cssproperty --portal-toast-error-color - Error icon colour.
 * @cssproperty --portal-toast-info-color - Info icon colour.
 * @cssproperty --portal-toast-success-color - Success icon colour.
 * @cssproperty --portal-toast-top - Distance from the top: below the header (80px; 68px below 1024 px).
 * @cssproperty --portal-toast-z-index - Layer (990: under the header's 1000, over the cookie notice's 980).
 * @cssproperty --portal-font-family - Font family (the system's Chinese fonts: PingFang SC, Microsoft YaHei, Noto Sans CJK SC).
 */
export const PortalToast = defineElement(TOAST_TAG, Toast, { styles });

declare global {
  interface HTMLElementTagNameMap {
    'portal-toast': HTMLElement;
  }
}
