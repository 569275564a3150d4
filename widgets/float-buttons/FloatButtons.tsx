import { useEffect, useState } from 'react';
import type { ElementProps } from '../core/define';
import { emit } from '../core/emit';
import { resolveLang } from '../core/i18n';
import { $chat, openChat } from '../core/stores';
import { useStore } from '../core/use-store';
import { FloatButtonsView } from './FloatButtonsView';

export interface FloatButtonsProps extends ElementProps {
  lang?: string;
}

const launcherOnPage = () => Boolean(document.querySelector('portal-chat-launcher'));

/**
 * Whether the page has the chat launcher, the one way into the chat where there is
 * one: in the page's markup, or added to the body later by `chat.js`.
 */
function useLauncherOnPage(): boolean {
  const [present, setPresent] = useState(launcherOnPage);
  useEffect(() => {
    const observer = new MutationObserver(() => setPresent(launcherOnPage()));
    observer.observe(document.body, { childList: true });
    return () => observer.disconnect();
  }, []);
  return present;
}

export function FloatButtons({ host, lang }: FloatButtonsProps) {
  const chat = useStore($chat);
  return (
    <FloatButtonsView
      lang={resolveLang(host, lang)}
      contact={!useLauncherOnPage()}
      onContact={() => {
        // The chat opens with the card of the product or solution on this page, if any.
        openChat(chat.cardInfo ?? undefined);
        emit(host, 'portal-float-buttons-contact', { card: chat.cardInfo });
      }}
      onTop={() => {
        const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
        emit(host, 'portal-float-buttons-top');
      }}
    />
  );
}
