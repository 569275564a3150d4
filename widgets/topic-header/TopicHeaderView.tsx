import type { Lang } from '../core/i18n';
import { MenuToggle } from '../header/menu-icon';
import { anchorLabel, TOPIC_ANCHORS, type TopicAnchor } from './anchors';

export interface TopicHeaderViewProps {
  lang: Lang;
  /** The hotline shown beside the anchors. */
  phone: string;
  /** The logo's address; the portal's own when absent. */
  logo?: string;
  menuOpen: boolean;
  base: string;
  onToggleMenu?: () => void;
  onAnchor?: (anchor: TopicAnchor, event: MouseEvent) => void;
}

const TEXT = {
  'zh-CN': { nav: '专题导航', home: '智造云首页', hotline: '咨询热线', open: '打开专题导航', close: '关闭专题导航' },
  en: {
    nav: 'Topic sections',
    home: 'ZZY Cloud home',
    hotline: 'Hotline',
    open: 'Open sections',
    close: 'Close sections',
  },
} as const;

/** The topic page header as plain markup: rendered by the server, hydrated in the browser. */
export function TopicHeaderView({ lang, phone, logo, menuOpen, base, onToggleMenu, onAnchor }: TopicHeaderViewProps) {
  const text = TEXT[lang];
  return (
    <header className="bar" part="bar">
      <a className="logo" part="logo" href={`${base}/`} aria-label={text.home}>
        <img src={logo || `${base}/media/logo.svg`} alt="" width="128" height="32" />
      </a>
      <nav id="sections" className={menuOpen ? 'sections open' : 'sections'} part="sections" aria-label={text.nav}>
        <ul>
          {TOPIC_ANCHORS.map((anchor) => (
            <li key={anchor}>
              <a
                href={`#${anchor}`}
                className="anchor"
                part="anchor"
                onClick={(event) => onAnchor?.(anchor, event as unknown as MouseEvent)}
              >
                {anchorLabel(anchor, lang)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {phone && (
        <a className="phone" part="phone" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
          <span className="phone-label">{text.hotline}</span> {phone}
        </a>
      )}
      <MenuToggle open={menuOpen} controls="sections" className="toggle" labels={text} onToggle={onToggleMenu} />
    </header>
  );
}
