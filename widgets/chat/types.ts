export type { ChatMessage, Outgoing } from '../../contract/chat';

export type ConnectionStatus = 'connecting' | 'open' | 'offline' | 'refused';
