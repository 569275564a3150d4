import { EventEmitter } from 'node:events';
import type { ChatMessage } from './store';

/**
 * Live delivery inside one server process: a stored message is published here,
 * and every open stream of its conversation (and every agent) receives it.
 * Streams also learn whether an agent is online.
 */
export class ChatHub {
  private readonly events = new EventEmitter().setMaxListeners(0);
  private agents = 0;

  publish(message: ChatMessage): void {
    this.events.emit(`conversation:${message.conversationId}`, message);
    this.events.emit('all', message);
  }

  /** Messages of one conversation; returns the unsubscribe function. */
  onConversation(id: number, listener: (message: ChatMessage) => void): () => void {
    this.events.on(`conversation:${id}`, listener);
    return () => this.events.off(`conversation:${id}`, listener);
  }

  /** A visitor's conversation was started (its first message): streams opened before it follow it from now. */
  opened(visitorKey: string, conversationId: number): void {
    this.events.emit(`opened:${visitorKey}`, conversationId);
  }

  /** The start of this visitor's conversation; returns the unsubscribe function. */
  onOpened(visitorKey: string, listener: (conversationId: number) => void): () => void {
    this.events.on(`opened:${visitorKey}`, listener);
    return () => this.events.off(`opened:${visitorKey}`, listener);
  }

  /** Messages of every conversation, for the agent inbox. */
  onAny(listener: (message: ChatMessage) => void): () => void {
    this.events.on('all', listener);
    return () => this.events.off('all', listener);
  }

  get agentOnline(): boolean {
    return this.agents > 0;
  }

  onPresence(listener: (online: boolean) => void): () => void {
    this.events.on('presence', listener);
    return () => this.events.off('presence', listener);
  }

  /** An agent opened the inbox; the returned function says it left. */
  agentJoined(): () => void {
    this.agents++;
    if (this.agents === 1) this.events.emit('presence', true);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.agents--;
      if (this.agents === 0) this.events.emit('presence', false);
    };
  }
}
