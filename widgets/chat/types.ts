export type { ChatMessage, Outgoing } from '../../contract/chat';

/**
 * `refused`: the service said no (its reason shown); `unreachable`: no chat
 * service answers at the portal's address; `idle`: the service closed a quiet
 * stream, which opens again when the visitor acts.
 */
export type ConnectionStatus = 'connecting' | 'open' | 'offline' | 'refused' | 'unreachable' | 'idle';
