import { useEffect, useState } from 'react';
import { linkBase } from '../core/base';
import type { ElementProps } from '../core/define';
import { loadPageCommon } from '../core/http/page-common';
import { resolveLang } from '../core/i18n';
import { $friendlyLinks, $pageCommon, type FriendlyLink, serverStateRead } from '../core/stores';
import { useStore } from '../core/use-store';
import { FooterView } from './FooterView';

export interface FooterProps extends ElementProps {
  lang?: string;
}

let friendlyLinksLoading: Promise<void> | undefined;

/** Once per page, unless the server handed the links over. */
function loadFriendlyLinks() {
  friendlyLinksLoading ??= serverStateRead
    .then(async () => {
      if ($friendlyLinks.get()) return;
      const { request } = await import('../core/http/client');
      const answer = await request<FriendlyLink[]>('/api/friendly-link/list', {
        method: 'post',
        json: {},
        silent: true,
      });
      if (answer.code === '0000') $friendlyLinks.set(answer.result ?? []);
    })
    .catch(() => {});
}

export function Footer({ host, lang }: FooterProps) {
  const pageCommon = useStore($pageCommon);
  const friendlyLinks = useStore($friendlyLinks);
  const [openColumn, setOpenColumn] = useState<number | null>(null);

  useEffect(() => {
    void loadPageCommon();
    loadFriendlyLinks();
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
