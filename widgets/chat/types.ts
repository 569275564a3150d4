export type { ChatMessage, Outgoing } from '../../contract/chat';

/** `refused`: the service said no (its reason shown); `unreachable`: no chat service answers at the portal's address. */
export type ConnectionStatus = 'connecting' | 'open' | 'offline' | 'refused' | 'unreachable';
