import { defineElement } from '../core/define';
import { serverStyles } from '../core/server-styles';
import { TopicHeader, type TopicHeaderProps } from './TopicHeader';

export const TOPIC_HEADER_TAG = 'portal-topic-header';

/**
 * The header of a topic landing page: the logo (linking to `/`), six anchors to
 * the page's sections (solution, product, customer, feature, case, problem),
 * scrolled to over 500 ms, the hotline, and on mobile a menu that slides in over
 * 100 ms. The sections are elements of the page with those ids.
 *
 * @summary Topic page header with section anchors.
 * @attr lang - `zh-CN` or `en`; defaults to the nearest `lang` on the page.
 * @attr phone - The hotline to show.
 * @attr logo - Address of the logo image; the portal's `/media/logo.svg` when absent.
 * @event portal-topic-header-navigate - The page arrived at a section (detail: anchor).
 * @csspart bar - The header bar.
 * @csspart logo - The logo link.
 * @csspart sections - The anchors' navigation.
 * @csspart anchor - One anchor.
 * @csspart phone - The hotline link.
 * @csspart toggle - The mobile menu toggle.
 * @cssproperty --portal-topic-header-background - Bar background.
 * @cssproperty --portal-topic-header-color - Text colour.
 * @cssproperty --portal-accent-color - Hotline and hover colour.
 * @cssproperty --portal-topic-header-z-index - Stacking order of the sticky header (1000).
 * @cssproperty --portal-font-family - Font family (the system's Chinese fonts: PingFang SC, Microsoft YaHei, Noto Sans CJK SC).
 * @cssproperty --portal-content-width - Greatest width of the bar's content (unset: the whole width).
 * @cssproperty --portal-focus-ring-color - Colour of the keyboard focus ring.
 */
export const PortalTopicHeader = defineElement<TopicHeaderProps>(TOPIC_HEADER_TAG, TopicHeader, {
  props: { lang: 'string', phone: 'string', logo: 'string' },
  styles: serverStyles(() => import('./topic-header.css')),
});

declare global {
  interface HTMLElementTagNameMap {
    'portal-topic-header': HTMLElement & { lang: string; phone: string; logo: string };
  }
  interface GlobalEventHandlersEventMap {
    'portal-topic-header-navigate': CustomEvent<{ anchor: string }>;
  }
}
