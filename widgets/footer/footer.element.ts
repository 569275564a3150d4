import { defineElement } from '../core/define';
import { serverStyles } from '../core/server-styles';
import { Footer, type FooterProps } from './Footer';

export const FOOTER_TAG = 'portal-footer';

/**
 * The portal footer: six link columns (popular products, common solutions,
 * innovation training, news categories, partners' four anchors, about's eight
 * anchors), two photo badges, hotlines, service hours, address, friendly links
 * (external, `rel="nofollow noopener"`), copyright, ICP and public-security
 * filings, and links to the help centre, privacy policy and site map. On mobile
 * the columns collapse behind their headings.
 *
 * @summary Site footer.
 * @attr lang - `zh-CN` or `en`; defaults to the nearest `lang` on the page.
 * @csspart footer - The footer.
 * @csspart column - A link column.
 * @csspart contact - Badges and contact facts.
 * @csspart friendly-links - The friendly links.
 * @csspart legal - Copyright and filings.
 * @cssproperty --portal-footer-background - Background.
 * @cssproperty --portal-footer-color - Text colour.
 * @cssproperty --portal-footer-heading-color - Headings and hovered links.
 * @cssproperty --portal-content-width - Width of the content (1200px).
 * @cssproperty --portal-footer-end-space - Room below the last row (0px): a page with controls floating in its bottom corner sets their height, so the page's end can be scrolled clear of them.
 * @cssproperty --portal-font-family - Font family (the system's Chinese fonts: PingFang SC, Microsoft YaHei, Noto Sans CJK SC).
 * @cssproperty --portal-focus-ring-color - Colour of the keyboard focus ring.
 */
export const PortalFooter = defineElement<FooterProps>(FOOTER_TAG, Footer, {
  props: { lang: 'string' },
  styles: serverStyles(() => import('./footer.css')),
});

declare global {
  interface HTMLElementTagNameMap {
    'portal-footer': HTMLElement & { lang: string };
  }
}
