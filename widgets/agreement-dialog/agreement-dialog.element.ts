import { defineElement } from '../core/define';
import { AgreementGate, type AgreementGateProps } from './AgreementGate';
import styles from './agreement-dialog.css';

export const AGREEMENT_DIALOG_TAG = 'portal-agreement-dialog';

/**
 * The agreements a signed-in user must confirm (SPEC §4). Once the page knows
 * the user, it asks the portal API for pending agreements (`contract/check`);
 * with none it shows nothing and loads nothing more. Otherwise it shows the first
 * in a modal dialog, its HTML sanitised with DOMPurify (loaded only then): agree
 * confirms it (`contract/confirm` with sceneCode and contractVersion) and the
 * second, if any, follows one second later; decline signs the user out and
 * clears the user info. The close button and Escape do the same, but first ask
 * once, inside the dialog (关闭将退出登录, with 继续阅读 focused and 退出登录
 * beside it): a stray Escape would otherwise end every session of this sign-in,
 * so Escape on the question goes back to reading. Focus moves into the dialog and
 * stays there, the page behind is inert, and focus returns afterwards.
 *
 * A check that fails (5xx, no network) is said once in a toast and signs no one
 * out; it is made again when the page is shown again or the network comes back,
 * and on the next page, until one answers.
 *
 * Portal pages render it in their layout; on any other page (the console) put
 * the tag anywhere: it works alone.
 *
 * @summary Pending agreements after sign-in.
 * @attr lang - `zh-CN` or `en`; defaults to the nearest `lang` on the page.
 * @event portal-agreement-dialog-accepted - The user confirmed one (detail: code, templateVersion).
 * @event portal-agreement-dialog-declined - The user declined one, or closed it and confirmed (detail: code, templateVersion); sign-out
 *   through the account service follows unless a listener cancels the event (the user info is cleared either way).
 * @csspart dialog - The dialog box.
 * @csspart title - Its heading.
 * @csspart note - The line saying that closing signs out.
 * @csspart content - The agreement text.
 * @csspart agree-button - The agree button.
 * @csspart decline-button - The decline button.
 * @csspart close-button - The close button.
 * @csspart close-question - The question over the dialog before closing (its backdrop).
 * @csspart keep-reading-button - The question's default choice: back to the agreement.
 * @csspart sign-out-button - The question's other choice: close and sign out.
 * @cssproperty --portal-dialog-background - Dialog background.
 * @cssproperty --portal-dialog-color - Dialog text colour.
 * @cssproperty --portal-accent-color - Agree button background.
 * @cssproperty --portal-focus-ring-color - Focus outline colour.
 * @cssproperty --portal-font-family - Font family (the system's Chinese fonts: PingFang SC, Microsoft YaHei, Noto Sans CJK SC).
 * @cssproperty --portal-dialog-muted-color - Colour of the dialog's secondary text (#6b7280).
 * @cssproperty --portal-dialog-border-color - Colour of the dialog's lines.
 * @cssproperty --portal-accent-text-color - Text colour on the accent colour (#fff).
 */
export const PortalAgreementDialog = defineElement<AgreementGateProps>(AGREEMENT_DIALOG_TAG, AgreementGate, {
  props: { lang: 'string' },
  styles,
});

declare global {
  interface HTMLElementTagNameMap {
    'portal-agreement-dialog': HTMLElement & { lang: string };
  }
  interface GlobalEventHandlersEventMap {
    'portal-agreement-dialog-accepted': CustomEvent<{ code: string; templateVersion: string }>;
    'portal-agreement-dialog-declined': CustomEvent<{ code: string; templateVersion: string }>;
  }
}
