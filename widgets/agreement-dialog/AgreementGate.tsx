import { useEffect, useState } from 'react';
import { startPortalAccount } from '../core/account/portal-account';
import type { ElementProps } from '../core/define';
import { $userInfo } from '../core/stores';
import { useStore } from '../core/use-store';
import { type Agreement, pendingAgreements } from './agreements';

export interface AgreementGateProps extends ElementProps {
  lang?: string;
}

/**
 * What every page pays: wait for a signed-in user, ask for pending agreements,
 * and only when there are some load the dialog (and DOMPurify with it).
 */
export function AgreementGate({ host, lang }: AgreementGateProps) {
  const user = useStore($userInfo);
  const [shown, setShown] = useState<{
    Dialog: typeof import('./AgreementDialog').AgreementDialog;
    agreements: Agreement[];
  }>();

  useEffect(() => {
    void startPortalAccount();
  }, []);

  useEffect(() => {
    if (!user) return setShown(undefined);
    let live = true;
    void pendingAgreements().then(async (agreements) => {
      if (!agreements.length) return;
      const { AgreementDialog } = await import('./AgreementDialog');
      if (live) setShown({ Dialog: AgreementDialog, agreements });
    });
    return () => {
      live = false;
    };
  }, [user]);

  if (!shown) return null;
  return <shown.Dialog host={host} lang={lang} agreements={shown.agreements} />;
}
