import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { portalAccount } from '../core/account/portal-account';
import type { ElementProps } from '../core/define';
import { emit } from '../core/emit';
import { resolveLang } from '../core/i18n';
import { setUserInfo } from '../core/stores';
import { saveTokens } from '../core/tokens';
import { adoptStyles } from '../dialog/adopt';
import { Modal } from '../dialog/Modal';
import modalStyles from '../dialog/modal.css';
import styles from './agreement-dialog.lazy.css';
import { type Agreement, confirmAgreement, NEXT_AGREEMENT_DELAY_MS } from './agreements';
import { CloseQuestion } from './CloseQuestion';
import { sanitizeAgreement } from './sanitize';

const TEXT = {
  'zh-CN': {
    fallbackTitle: '用户协议',
    note: '请阅读并同意以下协议后继续使用。不同意或关闭本窗口将退出登录。',
    agree: '同意并继续',
    decline: '不同意',
    close: '关闭并退出登录',
    content: '协议内容',
    question: '关闭将退出登录',
    detail: '关闭本窗口即视为不同意，门户与控制台都将退出登录。',
    keepReading: '继续阅读',
    signOut: '退出登录',
  },
  en: {
    fallbackTitle: 'User agreement',
    note: 'Please read and accept this agreement to go on. Declining or closing this window signs you out.',
    agree: 'Accept and continue',
    decline: 'Decline',
    close: 'Close and sign out',
    content: 'Agreement text',
    question: 'Closing signs you out',
    detail: 'Closing this window counts as declining: you will be signed out of the portal and the console.',
    keepReading: 'Keep reading',
    signOut: 'Sign out',
  },
};

export interface AgreementDialogProps extends ElementProps {
  lang?: string;
  agreements: Agreement[];
}

/**
 * Shows the pending agreements one at a time (SPEC §4): agreeing confirms one and
 * brings the next a second later; declining signs out. Closing (the close button,
 * Escape) signs out too, but asks once first: one stray key would otherwise end
 * every session of this sign-in, and Escape on the question goes back to reading.
 */
export function AgreementDialog({ host, lang, agreements }: AgreementDialogProps) {
  const text = TEXT[resolveLang(host, lang)];
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(true);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  // What had focus when the question came: it has it again when the visitor reads on.
  const readingFocus = useRef<HTMLElement | null>(null);
  const agreement = agreements[index];
  const html = useMemo(() => (agreement ? sanitizeAgreement(agreement.content) : ''), [agreement]);

  useEffect(() => adoptStyles(host, modalStyles + styles), [host]);

  useEffect(() => {
    if (open || index + 1 >= agreements.length) return;
    const timer = setTimeout(() => {
      setIndex(index + 1);
      setOpen(true);
    }, NEXT_AGREEMENT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open, index, agreements.length]);

  useLayoutEffect(() => {
    if (asking || !readingFocus.current) return;
    readingFocus.current.focus();
    readingFocus.current = null;
  }, [asking]);

  if (!agreement || !open) return null;

  const detail = { code: agreement.code, templateVersion: agreement.templateVersion };
  const agree = async () => {
    setBusy(true);
    try {
      await confirmAgreement(agreement);
      setOpen(false);
      emit(host, 'portal-agreement-dialog-accepted', detail);
    } catch {
      // The API client has said why in a toast; the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  };
  const decline = () => {
    setAsking(false);
    setOpen(false);
    // A page that signs out its own way cancels the event; the user info goes either way.
    if (emit(host, 'portal-agreement-dialog-declined', detail)) portalAccount().logout();
    else {
      saveTokens(null);
      setUserInfo(null);
    }
  };

  const askBeforeClosing = () => {
    if (asking) return setAsking(false);
    const active = host.shadowRoot?.activeElement;
    readingFocus.current = active instanceof HTMLElement ? active : null;
    setAsking(true);
  };

  return (
    <Modal
      key={agreement.code}
      kind="agreement"
      title={agreement.title || text.fallbackTitle}
      note={text.note}
      closeLabel={text.close}
      onClose={askBeforeClosing}
      initialFocus=".agreement-content"
      overlay={asking && <CloseQuestion text={text} onKeepReading={() => setAsking(false)} onSignOut={decline} />}
      actions={
        <>
          <button type="button" part="decline-button" onClick={decline} disabled={busy}>
            {text.decline}
          </button>
          <button type="button" className="primary" part="agree-button" onClick={agree} disabled={busy}>
            {text.agree}
          </button>
        </>
      }
    >
      <section
        className="agreement-content"
        part="content"
        role="document"
        aria-label={text.content}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the text scrolls; keyboard users scroll it from here.
        tabIndex={0}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </Modal>
  );
}
