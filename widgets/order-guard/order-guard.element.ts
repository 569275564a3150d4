import { defineElement } from '../core/define';
import { OrderGuard, type OrderGuardProps } from './OrderGuard';
import styles from './order-guard.css';

export const ORDER_GUARD_TAG = 'portal-order-guard';

/**
 * Wraps a link or button that starts a protected action (an order) and lets it
 * through only when the user may take it (SPEC §5):
 * 1. not signed in: "还未登录,请先登录!" with sign in / cancel;
 * 2. no certified enterprise (`potalStatus` false) and no `no-certification`:
 *    "该账号暂无已完成认证的企业,请先完成企业认证." with go to certify (the console's
 *    enterprise page, with `companyid` and a return address to this page, in a new
 *    tab) / cancel; when the company has no administrator either, the prompt says
 *    so too, so both are done in one visit to the console. The stopped action
 *    waits: when the console's tab comes back to this page (or the visitor comes
 *    back to this tab), the checks run again and the action goes ahead, and the
 *    returning tab, told so, closes itself: one portal tab, on the order;
 * 3. no administrator (`verify/business`): the warning with its one button, go to
 *    set up, to the console's manager-setting page with the company id and a
 *    return address to this page carrying `webneedrefresh=true`;
 * 4. all clear: `portal-order-guard-passed` fires and the action goes ahead
 *    (unless a listener cancels the event, to run the action itself).
 * Back from the console with `webneedrefresh=true`, the flag leaves the address
 * and the user info is the one loaded fresh with the page. The prompts are modal
 * dialogs: focus moves in and stays, Escape closes, focus returns.
 *
 * ```html
 * <portal-order-guard><a href="/order/create?productId=12">立即订购</a></portal-order-guard>
 * ```
 * The server checks the same again on every order call: the guard only spares
 * the user a wasted trip.
 *
 * @summary Checks sign-in, certification and administrator before an action.
 * @attr lang - `zh-CN` or `en`; defaults to the nearest `lang` on the page.
 * @attr {boolean} no-certification - The action does not need a certified enterprise.
 * @slot - The link or button to guard.
 * @event portal-order-guard-passed - Every check passed (detail: href of the action, or null); cancelable.
 * @csspart dialog - The prompt dialog.
 * @csspart title - Its heading.
 * @csspart message - Its message.
 * @csspart admin-note - Beside the certification message: the company has no administrator either.
 * @csspart go-button - The button that goes to sign in, certification or setup.
 * @csspart cancel-button - The cancel button.
 * @csspart close-button - The close button.
 * @cssproperty --portal-accent-color - Main button background.
 * @cssproperty --portal-focus-ring-color - Focus outline colour.
 * @cssproperty --portal-dialog-background - Dialog background (#fff).
 * @cssproperty --portal-dialog-color - Dialog text colour (#1f2937).
 * @cssproperty --portal-font-family - Font family (the system's Chinese fonts: PingFang SC, Microsoft YaHei, Noto Sans CJK SC).
 * @cssproperty --portal-dialog-muted-color - Colour of the dialog's secondary text (#6b7280).
 * @cssproperty --portal-dialog-border-color - Colour of the dialog's lines.
 * @cssproperty --portal-accent-text-color - Text colour on the accent colour (#fff).
 */
export const PortalOrderGuard = defineElement<OrderGuardProps>(ORDER_GUARD_TAG, OrderGuard, {
  props: { lang: 'string', noCertification: 'string' },
  // The dialog's rules come with the prompt (GuardPrompt.tsx).
  styles,
});

declare global {
  interface HTMLElementTagNameMap {
    'portal-order-guard': HTMLElement & { lang: string };
  }
  interface GlobalEventHandlersEventMap {
    'portal-order-guard-passed': CustomEvent<{ href: string | null }>;
  }
}
