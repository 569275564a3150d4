import type { Lang } from '../core/i18n';

export type LoginState = 'loading' | 'signed-in' | 'signed-out';

export interface LoginViewProps {
  lang: Lang;
  state: LoginState;
  user?: { name: string; headImg: string } | null;
  /** The console's welcome page, where the user's name leads. */
  welcomeUrl: string;
  /** Origin prefix for images served by the portal ('' on the portal). */
  base: string;
  /** Mobile user agents get no sign-in widget (SPEC §2). */
  mobile: boolean;
  onLogin?: () => void;
  onLogout?: () => void;
}

const TEXT = {
  'zh-CN': { loading: '正在检查登录状态', login: '登录', logout: '退出登录', console: '进入控制台' },
  en: { loading: 'Checking sign-in', login: 'Sign in', logout: 'Sign out', console: 'Open the console' },
} as const;

const LoginIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" stroke-width="2" />
    <path
      d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6"
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
    />
  </svg>
);

const LogoutIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path
      d="M10 4H5v16h5M15 8l4 4-4 4M19 12H9"
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
    />
  </svg>
);

/** The sign-in widget as plain markup: a spinner, the signed-in user, or a login button. */
export function LoginView({ lang, state, user, welcomeUrl, base, mobile, onLogin, onLogout }: LoginViewProps) {
  if (mobile) return null;
  const text = TEXT[lang];
  const signIn = (
    <button
      type="button"
      className="icon sign-in"
      part="login-button"
      aria-label={text.login}
      title={text.login}
      onClick={onLogin}
    >
      <LoginIcon />
    </button>
  );
  if (state === 'loading') {
    // The sign-in button is there, hidden, for the light check to show without
    // the framework once it finds no one (`data-signed-out` on the element).
    return (
      <span className="login" part="login" data-state="loading">
        <span className="spinner" part="spinner" role="status" aria-label={text.loading} />
        {signIn}
      </span>
    );
  }
  if (state === 'signed-in' && user) {
    return (
      <span className="login" part="login" data-state="signed-in">
        <a className="user" part="user" href={welcomeUrl} title={text.console}>
          <img
            className="avatar"
            part="avatar"
            src={user.headImg.startsWith('/') ? `${base}${user.headImg}` : user.headImg}
            alt=""
            width="28"
            height="28"
          />
          <span className="name">{user.name}</span>
        </a>
        <button
          type="button"
          className="icon"
          part="logout-button"
          aria-label={text.logout}
          title={text.logout}
          onClick={onLogout}
        >
          <LogoutIcon />
        </button>
      </span>
    );
  }
  return (
    <span className="login" part="login" data-state="signed-out">
      {signIn}
    </span>
  );
}
