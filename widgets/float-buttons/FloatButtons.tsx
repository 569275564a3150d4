import type { ElementProps } from '../core/define';
import { emit } from '../core/emit';
import { resolveLang } from '../core/i18n';
import { $chat, openChat } from '../core/stores';
import { useStore } from '../core/use-store';
import { FloatButtonsView } from './FloatButtonsView';

export interface FloatButtonsProps extends ElementProps {
  lang?: string;
}

export function FloatButtons({ host, lang }: FloatButtonsProps) {
  const chat = useStore($chat);
  return (
    <FloatButtonsView
      lang={resolveLang(host, lang)}
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
