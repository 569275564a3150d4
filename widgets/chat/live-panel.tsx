import { useLayoutEffect, useRef } from 'react';
import type { ChatLang } from '../chat-launcher/types';
import { $chat } from '../core/stores';
import { useStore } from '../core/use-store';
import { ChatPanel } from './ChatPanel';
import type { PanelStore } from './panel-store';

export interface LivePanelProps {
  store: PanelStore;
  lang: ChatLang;
  origin: string;
  onSend(text: string): void;
  onClose(): void;
  /** After the panel was shown or hidden on the page (not at the first render): its focus moves then. */
  onShownChange(visible: boolean): void;
}

/** The chat panel as its stores have it: the panel's own (`panelStore`) and the shared `$chat` (shown or not). */
export function LivePanel({ store, lang, origin, onSend, onClose, onShownChange }: LivePanelProps) {
  const state = useStore(store.$panel);
  const { visible } = useStore($chat);
  const shown = useRef(visible);
  // A layout effect: the panel is on the page (no longer `hidden`) when focus goes into it.
  useLayoutEffect(() => {
    if (shown.current === visible) return;
    shown.current = visible;
    onShownChange(visible);
  }, [visible, onShownChange]);
  return (
    <ChatPanel
      lang={lang}
      origin={origin}
      visible={visible}
      {...state}
      onDraft={store.typed}
      onSend={onSend}
      onClose={onClose}
    />
  );
}
