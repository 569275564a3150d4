import { useEffect } from 'react';
import { loadPortalAccount, startPortalSession } from '../core/account/portal-session';
import { linkBase } from '../core/base';
import { environment } from '../core/env';
import type { Lang } from '../core/i18n';
import { $userInfo, $userInfoLoading } from '../core/stores';
import { useStore } from '../core/use-store';

const TEXT = {
  'zh-CN': { loading: '正在检查登录状态', login: '登录', logout: '退出', console: '进入控制台' },
  en: {
    group: 'Account',
    loading: 'Checking sign-in',
    login: 'Sign in',
    logout: 'Sign out',
    console: 'Open the console',
  },
} as const;

/**
 * The account on a phone, whose header has no sign-in widget (SPEC §2): the last
 * rows of the open mobile menu. Signed out, 登录 goes to the account service and
 * back to this page; signed in, the user's name (to the console's welcome page,
 * as the widget's) and 退出. Fetched when the menu first opens, and only then does
 * a phone's page ask the hub whether the visitor is signed in elsewhere.
 */
export function MenuAccount({ lang }: { lang: Lang }) {
  const loading = useStore($userInfoLoading);
  const user = useStore($userInfo);
  const text = TEXT[lang];
  useEffect(() => void startPortalSession(), []);

  const account = () => loadPortalAccount().then((sdk) => sdk.portalAccount());
  let rows = (
    <span className="account-row" role="status">
      <span className="spinner" aria-hidden="true" />
      {text.loading}
    </span>
  );
  if (!loading && user) {
    const avatar = user.headImg.startsWith('/') ? `${linkBase()}${user.headImg}` : user.headImg;
    rows = (
      <>
        <a className="account-row" href={`${environment().console}/welcome`} title={text.console}>
          {avatar && <img className="avatar" src={avatar} alt="" width="28" height="28" />}
          <span className="name">{user.name}</span>
        </a>
        <button type="button" className="account-row" onClick={() => void account().then((sdk) => sdk.logout())}>
          {text.logout}
        </button>
      </>
    );
  } else if (!loading) {
    rows = (
      <button type="button" className="account-row" onClick={() => void account().then((sdk) => sdk.login())}>
        {text.login}
      </button>
    );
  }
  return (
    <div className="account" part="account">
      {rows}
    </div>
  );
}
