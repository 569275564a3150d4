import { useEffect, useRef } from 'react';
import { portalAccount, startPortalAccount } from '../core/account/portal-account';
import { linkBase } from '../core/base';
import type { ElementProps } from '../core/define';
import { emit } from '../core/emit';
import { environment } from '../core/env';
import { resolveLang } from '../core/i18n';
import { $userInfo, $userInfoLoading, type UserInfo } from '../core/stores';
import { useStore } from '../core/use-store';
import { isMobileUserAgent, LoginView } from './LoginView';

export interface LoginProps extends ElementProps {
  lang?: string;
}

export function Login({ host, lang }: LoginProps) {
  const loading = useStore($userInfoLoading);
  const user = useStore($userInfo);

  const shown = useRef<UserInfo | null>(null);
  const leaving = useRef(false);

  useEffect(() => void startPortalAccount(), []);

  // Events follow the sign-in, wherever it changed: here, in another tab, or on
  // another origin sharing it through the account service's hub.
  useEffect(() => {
    if (loading) return;
    const before = shown.current;
    shown.current = user;
    if (user && (before?.name !== user.name || before?.companyId !== user.companyId)) {
      emit(host, 'portal-login-signed-in', { name: user.name, companyId: user.companyId });
    } else if (!user && before && !leaving.current) emit(host, 'portal-login-signed-out');
  }, [host, loading, user]);

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
        leaving.current = true;
        emit(host, 'portal-login-signed-out');
        portalAccount().logout();
      }}
    />
  );
}
