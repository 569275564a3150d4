import { useEffect, useState } from 'react';
import { startPortalSession } from '../core/account/portal-session';
import type { ElementProps } from '../core/define';
import { $userInfo } from '../core/stores';
import { useStore } from '../core/use-store';
import type { Agreement } from './agreements';

export interface AgreementGateProps extends ElementProps {
  lang?: string;
}

/**
 * What every page pays: the shared sign-in check. Only for a signed-in user are
 * the pending agreements asked for, and only when there are some is the dialog
 * (and DOMPurify with it) loaded.
 */
export function AgreementGate({ host, lang }: AgreementGateProps) {
  const user = useStore($userInfo);
  const [shown, setShown] = useState<{
    Dialog: typeof import('./AgreementDialog').AgreementDialog;
    agreements: Agreement[];
  }>();

  useEffect(() => {
    void startPortalSession();
  }, []);

  useEffect(() => {
    if (!user) return setShown(undefined);
    let live = true;
    let stop: (() => void) | undefined;
    // The HTTP client comes with the agreements module, only for a signed-in user.
    void import('./agreements').then(({ watchPendingAgreements }) => {
      if (!live) return;
      stop = watchPendingAgreements(async (agreements) => {
        const { AgreementDialog } = await import('./AgreementDialog');
        if (live) setShown({ Dialog: AgreementDialog, agreements });
      });
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [user]);

  if (!shown) return null;
  return <shown.Dialog host={host} lang={lang} agreements={shown.agreements} />;
}
