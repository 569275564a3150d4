import { useEffect, useState } from 'react';
import { isMobileUserAgent } from '../../contract/user-agent';
import { hubWelcomesThisPage } from '../core/account/hub-welcome';
import { loadPortalAccount, startPortalSession } from '../core/account/portal-session';
import { linkBase } from '../core/base';
import type { ElementProps } from '../core/define';
import { emit } from '../core/emit';
import { environment } from '../core/env';
import { resolveLang } from '../core/i18n';
import { $userInfo, $userInfoLoading, type UserInfo } from '../core/stores';
import { useStore } from '../core/use-store';
import { LoginView } from './LoginView';

export interface LoginProps extends ElementProps {
  lang?: string;
}

export function Login({ host, lang }: LoginProps) {
  const user = useStore($userInfo);
  // The first render draws the spinner, as the server's markup does: hydrating,
  // Preact keeps the server's attributes, so a sign-in already known when the
  // code came would leave `data-state="loading"` on the user's markup.
  const [first, setFirst] = useState(true);
  useEffect(() => setFirst(false), []);
  const loading = useStore($userInfoLoading) || first;

  // What the events last told the page; a mutable box that survives renders
  // (useState rather than useRef: no hook the shared runtime would otherwise lack).
  const [told] = useState<{ user: UserInfo | null; leaving: boolean }>(() => ({ user: null, leaving: false }));

  // Where the account service would refuse its hub (or the portal is not known),
  // a sign-in button would only lead to an error: nothing is shown (issue #34),
  // and the console says why once.
  const [welcome, setWelcome] = useState<boolean>();
  useEffect(() => {
    void hubWelcomesThisPage().then(setWelcome);
    void startPortalSession();
  }, []);

  // Events follow the sign-in, wherever it changed: here, in another tab, or on
  // another origin sharing it through the account service's hub.
  useEffect(() => {
    if (loading) return;
    const before = told.user;
    told.user = user;
    if (user && (before?.name !== user.name || before?.companyId !== user.companyId)) {
      emit(host, 'portal-login-signed-in', { name: user.name, companyId: user.companyId });
    } else if (!user && before && !told.leaving) emit(host, 'portal-login-signed-out');
  }, [host, loading, user, told]);

  if (welcome === false) return null;
  return (
    <LoginView
      lang={resolveLang(host, lang)}
      state={loading ? 'loading' : user ? 'signed-in' : 'signed-out'}
      user={user}
      welcomeUrl={`${environment().console}/welcome`}
      base={linkBase()}
      mobile={isMobileUserAgent(navigator.userAgent)}
      onLogin={() => void loadPortalAccount().then((account) => account.portalAccount().login())}
      onLogout={() => {
        told.leaving = true;
        emit(host, 'portal-login-signed-out');
        void loadPortalAccount().then((account) => account.portalAccount().logout());
      }}
    />
  );
}
