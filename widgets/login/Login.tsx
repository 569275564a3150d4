import { useEffect } from 'react';
import { loadPortalAccount, startPortalSession } from '../core/account/portal-session';
import { linkBase } from '../core/base';
import type { ElementProps } from '../core/define';
import { emit } from '../core/emit';
import { environment } from '../core/env';
import { resolveLang } from '../core/i18n';
import { $userInfo, $userInfoLoading } from '../core/stores';
import { useStore } from '../core/use-store';
import { isMobileUserAgent, LoginView } from './LoginView';

export interface LoginProps extends ElementProps {
  lang?: string;
}

export function Login({ host, lang }: LoginProps) {
  const loading = useStore($userInfoLoading);
  const user = useStore($userInfo);

  useEffect(() => {
    void startPortalSession().then((signedIn) => {
      if (signedIn) emit(host, 'portal-login-signed-in', { name: signedIn.name, companyId: signedIn.companyId });
    });
  }, [host]);

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
        emit(host, 'portal-login-signed-out');
        void loadPortalAccount().then((account) => account.portalAccount().logout());
      }}
    />
  );
}
