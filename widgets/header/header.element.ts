import { defineElement } from '../core/define';
import { serverStyles } from '../core/server-styles';
import { Header, type HeaderProps } from './Header';

export const HEADER_TAG = 'portal-header';

/**
 * The portal header: logo, the seven menu entries (the one whose value the
 * current path contains is marked current), EN link, search, the sign-in widget,
 * and on mobile a toggle that opens the menu and locks page scrolling. Phones get
 * no sign-in widget (SPEC §2): their open menu ends with the account instead
 * (登录; signed in, the user's name and 退出). It hides
 * while the visitor scrolls down and shows on the way up or at the top.
 *
 * Server-rendered as declarative shadow DOM on portal pages; on other pages it
 * renders itself and fetches the common data once.
 *
 * @summary Site header with navigation and sign-in.
 * @attr lang - `zh-CN` or `en`; defaults to the nearest `lang` on the page.
 * @attr {'light' | 'dark' | 'auto'} theme - `light` (default), `dark` (colours, and the portal logo's light word mark), or `auto`: the visitor's colour scheme (`prefers-color-scheme`).
 * @attr {boolean} no-login - Leaves out the sign-in widget (for pages not registered with the account service). Phones never get it; on them it leaves out the mobile menu's account too.
 * @csspart bar - The header bar.
 * @csspart logo - The logo link.
 * @csspart menu - The navigation.
 * @csspart link - A menu entry.
 * @csspart submenu - The innovation training categories.
 * @csspart account - A phone's account rows at the end of the open mobile menu.
 * @csspart tools - The tools on the right.
 * @csspart toggle - The mobile menu toggle.
 * @cssproperty --portal-header-background - Bar background.
 * @cssproperty --portal-header-color - Text colour.
 * @cssproperty --portal-header-accent - Active and hover colour.
 * @cssproperty --portal-header-border-color - Bottom line colour.
 * @cssproperty --portal-header-height - Bar height on desktop (64px).
 * @cssproperty --portal-header-height-mobile - Bar height on mobile (56px).
 * @cssproperty --portal-content-width - Greatest width of the bar's content (unset: the whole width, tools at the right edge).
 * @cssproperty --portal-header-z-index - Stacking order.
 * @cssproperty --portal-font-family - Font family (the system's Chinese fonts: PingFang SC, Microsoft YaHei, Noto Sans CJK SC).
 * @cssproperty --portal-focus-ring-color - Colour of the keyboard focus ring.
 */
export const PortalHeader = defineElement<HeaderProps>(HEADER_TAG, Header, {
  props: { lang: 'string', theme: 'string', noLogin: 'string' },
  styles: serverStyles(() => import('./header.css')),
});

declare global {
  interface HTMLElementTagNameMap {
    'portal-header': HTMLElement & { lang: string };
  }
}
