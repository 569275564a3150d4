import { useState } from 'react';
import { linkBase } from '../core/base';
import type { ElementProps } from '../core/define';
import { emit } from '../core/emit';
import { resolveLang } from '../core/i18n';
import { useMenuFocus } from '../header/menu-focus';
import { scrollToSection, type TopicAnchor } from './anchors';
import { TopicHeaderView } from './TopicHeaderView';

export interface TopicHeaderProps extends ElementProps {
  lang?: string;
  phone?: string;
  logo?: string;
}

export function TopicHeader({ host, lang, phone = '', logo }: TopicHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  useMenuFocus(host.shadowRoot, 'sections', menuOpen, () => setMenuOpen(false));

  const onAnchor = (anchor: TopicAnchor, event: MouseEvent) => {
    const section = document.getElementById(anchor);
    if (!section) return; // no such section: let the browser follow the link
    event.preventDefault();
    setMenuOpen(false);
    history.pushState(history.state, '', `#${anchor}`);
    void scrollToSection(section, host.offsetHeight).then(() => {
      // Move focus with the view, for keyboard and screen-reader users.
      if (!section.hasAttribute('tabindex')) section.setAttribute('tabindex', '-1');
      section.focus({ preventScroll: true });
      emit(host, 'portal-topic-header-navigate', { anchor });
    });
  };

  return (
    <TopicHeaderView
      lang={resolveLang(host, lang)}
      phone={phone}
      logo={logo}
      menuOpen={menuOpen}
      base={linkBase()}
      onToggleMenu={() => setMenuOpen(!menuOpen)}
      onAnchor={onAnchor}
    />
  );
}
