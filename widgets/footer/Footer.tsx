import { useEffect, useState } from 'react';
import { linkBase } from '../core/base';
import type { ElementProps } from '../core/define';
import { loadFriendlyLinks } from '../core/http/friendly-links';
import { loadPageCommon } from '../core/http/page-common';
import { resolveLang } from '../core/i18n';
import { $friendlyLinks, $pageCommon } from '../core/stores';
import { useStore } from '../core/use-store';
import { FooterView } from './FooterView';

export interface FooterProps extends ElementProps {
  lang?: string;
}

export function Footer({ host, lang }: FooterProps) {
  const pageCommon = useStore($pageCommon);
  const friendlyLinks = useStore($friendlyLinks);
  const [openColumn, setOpenColumn] = useState<number | null>(null);

  useEffect(() => {
    void loadPageCommon();
    void loadFriendlyLinks();
  }, []);

  return (
    <FooterView
      lang={resolveLang(host, lang)}
      pageCommon={pageCommon}
      friendlyLinks={friendlyLinks ?? []}
      openColumn={openColumn}
      onToggleColumn={(index) => setOpenColumn(openColumn === index ? null : index)}
      base={linkBase()}
    />
  );
}
