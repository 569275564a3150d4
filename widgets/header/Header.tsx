import { useEffect, useState } from 'react';
import { isMobileUserAgent } from '../../contract/user-agent';
import { linkBase } from '../core/base';
import type { ElementProps } from '../core/define';
import { loadPageCommon } from '../core/http/page-common';
import { resolveLang } from '../core/i18n';
import { $route } from '../core/route';
import { $pageCommon } from '../core/stores';
import { useStore } from '../core/use-store';
import { HeaderView } from './HeaderView';
import { hideOnScroll } from './hide-on-scroll';
import { useMenuFocus } from './menu-focus';
import { useSubmenuEscape } from './submenu';

export interface HeaderProps extends ElementProps {
  lang?: string;
  /** `light`, `dark` or `auto`: the bar's colours are CSS; the logo's version is markup. */
  theme?: string;
  /**
   * Present (and not "false"): no sign-in widget, for pages not registered with
   * the account service. Phones never get one (SPEC §2).
   */
  noLogin?: string;
}

/** HTML's convention: a bare attribute is on; r2wc's boolean parsing would read it as off. */
const isOn = (value: string | undefined) => value !== undefined && value !== 'false';

type MenuAccountView = typeof import('./MenuAccount')['MenuAccount'];

/**
 * A phone's account, in its mobile menu (the header has no sign-in widget there,
 * SPEC §2): its code, and the sign-in check behind it, come when the menu first
 * opens, never with the first view.
 */
function useMenuAccount(wanted: boolean): MenuAccountView | null {
  const [account, setAccount] = useState<{ view: MenuAccountView } | null>(null);
  useEffect(() => {
    if (!wanted || account) return;
    import('./MenuAccount').then(
      ({ MenuAccount }) => setAccount({ view: MenuAccount }),
      (error: unknown) => console.error('[portal] the account could not be loaded', error),
    );
  }, [wanted, account]);
  return account?.view ?? null;
}

/** While the mobile menu is open the page behind does not scroll (SPEC §2). */
function useScrollLock(open: boolean) {
  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    const before = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = before;
    };
  }, [open]);
}

export function Header({ host, lang, theme, noLogin }: HeaderProps) {
  const pageCommon = useStore($pageCommon);
  const route = useStore($route);
  const [menuOpen, setMenuOpen] = useState(false);
  const language = resolveLang(host, lang);
  const close = () => setMenuOpen(false);

  useEffect(() => void loadPageCommon(), []);
  // Close on route changes only: running on mount would undo a quick first click.
  useEffect(() => $route.listen(() => setMenuOpen(false)), []);
  // The loader follows the scrolling for the server's header before this code
  // came; a header rendered here starts it (once either way). An open menu shows.
  useEffect(() => hideOnScroll(host), [host]);
  useEffect(() => void (menuOpen && host.removeAttribute('data-hidden')), [host, menuOpen]);
  useScrollLock(menuOpen);
  useMenuFocus(host.shadowRoot, 'menu', menuOpen, close);
  useSubmenuEscape(host.shadowRoot, !menuOpen);
  const phone = isMobileUserAgent(navigator.userAgent);
  const login = !isOn(noLogin) && !phone;
  const Account = useMenuAccount(menuOpen && !isOn(noLogin) && phone);
  // The sign-in's code comes when the header shows it (on a page the portal did
  // not render, nothing else brings it); a phone never fetches it.
  // The server's sign-in waits for its code itself (`load-on`).
  useEffect(() => {
    if (!login || host.shadowRoot?.querySelector('portal-login[load-on]')) return;
    import('../login/login.element').catch((error: unknown) =>
      console.error('[portal] the sign-in could not be loaded', error),
    );
  }, [login]);

  return (
    <HeaderView
      lang={language}
      theme={theme}
      path={new URL(route, location.href).pathname}
      pageCommon={pageCommon}
      menuOpen={menuOpen}
      onToggleMenu={() => setMenuOpen(!menuOpen)}
      onNavigate={close}
      base={linkBase()}
      login={login ? <portal-login lang={language} /> : null}
      account={Account && menuOpen ? <Account lang={language} /> : null}
    />
  );
}
