import type { Lang } from '../core/i18n';
import { adoptStyles } from '../dialog/adopt';
import { Modal } from '../dialog/Modal';
import modalStyles from '../dialog/modal.css';
import type { Obstacle } from './checks';
import { PROMPTS } from './prompts';

export interface GuardPromptProps {
  lang: Lang;
  /** What stands in the way of the action. */
  obstacle: Obstacle;
  /** Certification is asked for and the company has no administrator either: say so now. */
  adminToo?: boolean;
  /** Go and sign in, certify or set up the administrator. */
  onGo: () => void;
  onClose: () => void;
}

/** Gives the guard's shadow root the dialog's rules, ahead of its own. */
export const adoptPromptStyles = (host: HTMLElement) => adoptStyles(host, modalStyles, { first: true });

/** The prompt of SPEC §5 for what stands in the way, in a modal dialog. */
export function GuardPrompt({ lang, obstacle, adminToo, onGo, onClose }: GuardPromptProps) {
  const text = PROMPTS[lang];
  const prompt = text[obstacle];
  return (
    <Modal
      kind={obstacle}
      title={prompt.title}
      closeLabel={text.close}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="primary" part="go-button" onClick={onGo}>
            {prompt.go}
          </button>
          {prompt.cancel && (
            <button type="button" part="cancel-button" onClick={onClose}>
              {prompt.cancel}
            </button>
          )}
        </>
      }
    >
      <p className="message" part="message">
        {prompt.message}
      </p>
      {adminToo && obstacle === 'certify' && (
        <p className="message" part="admin-note">
          {text.adminToo}
        </p>
      )}
    </Modal>
  );
}
