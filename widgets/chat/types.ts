import type { ChatCardInfo } from '../chat-launcher/types';

/** A message of the built-in chat service, as its API sends it. */
export interface ChatMessage {
  id: number;
  conversationId: number;
  sender: 'visitor' | 'agent';
  kind: 'text' | 'card' | 'metadata';
  text?: string;
  card?: ChatCardInfo;
  metadata?: { name: string; mobile: string };
  clientId: string | null;
  createdAt: number;
}

/** What the visitor sends: text or a card. */
export type Outgoing = { kind: 'text'; text: string } | { kind: 'card'; card: ChatCardInfo };

export type ConnectionStatus = 'connecting' | 'open' | 'offline' | 'refused';
