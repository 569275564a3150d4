import type { ReactNode } from 'react';
import type { Lang } from '../core/i18n';
import type { PageCommon } from '../core/stores/page-common';
import { isActive, menuEntries } from './menu';
import { MenuToggle } from './menu-icon';

export interface HeaderViewProps {
  lang: Lang;
  /** The bar's theme (`light`, `dark`, `auto`): the dark one shows the logo's light word mark. */
  theme?: string;
  /** The current path, for the active entry. */
  path: string;
  pageCommon: PageCommon | null;
  menuOpen: boolean;
  onToggleMenu?: () => void;
  onNavigate?: () => void;
  /** The sign-in widget (server: rendered; browser: the element). */
  login: ReactNode;
  /** A phone's account rows, at the end of the open mobile menu (MenuAccount.tsx). */
  account?: ReactNode;
  /** Origin prefix for links, so the header works on foreign pages too ('' on the portal). */
  base: string;
}

const TEXT = {
  'zh-CN': {
    nav: '主导航',
    home: '智造云首页',
    search: '站内搜索',
    open: '打开菜单',
    close: '关闭菜单',
    other: 'EN',
    otherHref: '/en',
    otherLang: 'en',
  },
  en: {
    nav: 'Main navigation',
    home: 'ZZY Cloud home',
    search: 'Search',
    open: 'Open menu',
    close: 'Close menu',
    other: '中文',
    otherHref: '/',
    otherLang: 'zh-CN',
  },
} as const;

const SearchIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" stroke-width="2" />
    <path d="M20 20l-3.5-3.5" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
  </svg>
);

/** The portal header as plain markup: rendered by the server, hydrated in the browser. */
export function HeaderView({
  lang,
  theme,
  path,
  pageCommon,
  menuOpen,
  onToggleMenu,
  onNavigate,
  login,
  account,
  base,
}: HeaderViewProps) {
  const text = TEXT[lang];
  const logo = pageCommon?.logoDTO.photo || '/media/logo.svg';
  // The portal's logo holds a version for dark bars, in view at `#dark` (host/media-wordmark.ts).
  const logoSrc = `${base}${logo}${theme === 'dark' ? '#dark' : ''}`;
  const image = <img src={logoSrc} alt="" width="128" height="32" />;
  return (
    <header className="bar" part="bar">
      <a className="logo" part="logo" href={`${base}/`} aria-label={text.home}>
        {theme === 'auto' ? (
          // `auto` follows the visitor's colour scheme, as the bar's colours do.
          <picture>
            <source media="(prefers-color-scheme: dark)" srcSet={`${logoSrc}#dark`} />
            {image}
          </picture>
        ) : (
          image
        )}
      </a>
      <nav id="menu" className={menuOpen ? 'menu open' : 'menu'} part="menu" aria-label={text.nav}>
        <ul className="entries">
          {menuEntries(pageCommon, lang).map((entry) => (
            <li key={entry.value} className={entry.children ? 'entry has-children' : 'entry'}>
              <a
                href={`${base}${entry.href}`}
                className="link"
                part="link"
                aria-current={isActive(path, entry) ? 'page' : undefined}
                onClick={onNavigate}
              >
                {entry.label}
              </a>
              {entry.children && (
                <ul className="children" part="submenu">
                  {entry.children.map((child) => (
                    <li key={child.label}>
                      {child.href ? (
                        <a href={`${base}${child.href}`} className="child" onClick={onNavigate}>
                          {child.label}
                        </a>
                      ) : (
                        <span className="child empty">{child.label}</span>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
        {account}
      </nav>
      <div className="tools" part="tools">
        <a className="tool lang" href={`${base}${text.otherHref}`} hrefLang={text.otherLang} lang={text.otherLang}>
          {text.other}
        </a>
        <a className="tool" href={`${base}/searchRes`} aria-label={text.search} title={text.search}>
          <SearchIcon />
        </a>
        {login}
        <MenuToggle open={menuOpen} controls="menu" className="tool toggle" labels={text} onToggle={onToggleMenu} />
      </div>
    </header>
  );
}
