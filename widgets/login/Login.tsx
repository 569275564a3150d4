import { useEffect } from 'react';
import { portalAccount, startPortalAccount } from '../core/account/portal-account';
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
    void startPortalAccount().then((signedIn) => {
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
      onLogin={() => portalAccount().login()}
      onLogout={() => {
        emit(host, 'portal-login-signed-out');
        portalAccount().logout();
      }}
    />
  );
}
