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
 * second, if any, follows one second later; decline, the close button or Escape
 * signs the user out and clears the user info. Focus moves into the dialog and
 * stays there, the page behind is inert, and focus returns afterwards.
 *
 * Portal pages render it in their layout; on any other page (the console) put
 * the tag anywhere: it works alone.
 *
 * @summary Pending agreements after sign-in.
 * @attr lang - `zh-CN` or `en`; defaults to the nearest `lang` on the page.
 * @event portal-agreement-dialog-accepted - The user confirmed one (detail: code, templateVersion).
 * @event portal-agreement-dialog-declined - The user declined or closed one (detail: code, templateVersion); sign-out
 *   through the account service follows unless a listener cancels the event (the user info is cleared either way).
 * @csspart dialog - The dialog box.
 * @csspart title - Its heading.
 * @csspart note - The line saying that closing signs out.
 * @csspart content - The agreement text.
 * @csspart agree-button - The agree button.
 * @csspart decline-button - The decline button.
 * @csspart close-button - The close button.
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
