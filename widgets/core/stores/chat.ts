import { atom } from 'nanostores';
import type { ChatCardRequest, ChatCardView } from '../../../contract/chat';

/** A product or solution shown in the chat as context (SPEC §3 cardInfo), with its number when the portal built it. */
export type ChatCard = ChatCardView & Partial<ChatCardRequest>;

export interface ChatState {
  visible: boolean;
  /** Whether the visitor's name and mobile were sent to the agent (once per page). */
  isSendMetadata: boolean;
  cardInfo: ChatCard | null;
  /** The page address of the last card sent; a new address sends a new card. */
  currentURL: string;
  unreadMessageCount: number;
}

export const $chat = atom<ChatState>({
  visible: false,
  isSendMetadata: false,
  cardInfo: null,
  currentURL: '',
  unreadMessageCount: 0,
});

const update = (change: Partial<ChatState>) => $chat.set({ ...$chat.get(), ...change });

/** Opens the chat, optionally with the card of the product on this page. */
export function openChat(card?: ChatCard): void {
  update({ visible: true, unreadMessageCount: 0, ...(card ? { cardInfo: card } : {}) });
}

export function closeChat(): void {
  update({ visible: false });
}

/** An agent's message arrived: it counts as unread only while the panel is hidden. */
export function messageReceived(): void {
  const state = $chat.get();
  update({ unreadMessageCount: state.visible ? 0 : state.unreadMessageCount + 1 });
}
