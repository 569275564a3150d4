import { EventEmitter } from 'node:events';
import type { HubLink, HubSignal } from './hub-link';
import type { ChatMessage } from './store';

export interface ChatHubOptions {
  /** The other instances on the same database (PostgreSQL); without one, this process is the whole service (SQLite). */
  link?: HubLink;
  /** Reads a stored message by id (one too large to travel in a signal). */
  load?: (id: number) => Promise<ChatMessage | undefined>;
  /** How often an instance with agents says so again (default 10 s). */
  heartbeatMs?: number;
  /** How long another instance's agents count without hearing from it (default 30 s: it may have died). */
  presenceMs?: number;
}

/**
 * Live delivery: a stored message is published here, and every open stream of
 * its conversation (and every agent) receives it, on this instance and, through
 * the link, on every other. Streams also learn whether an agent is online on
 * any instance.
 */
export class ChatHub {
  private readonly events = new EventEmitter().setMaxListeners(0);
  private agents = 0;
  /** Agents on the other instances, by instance, until when the count holds. */
  private readonly remote = new Map<string, { count: number; until: number }>();
  private online = false;
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(private readonly options: ChatHubOptions = {}) {
    const { link } = options;
    if (!link) return;
    link.onSignal((from, signal) => this.receive(from, signal));
    link.onResumed(() => {
      this.events.emit('resumed');
      link.send({ kind: 'hello' });
    });
    const heartbeatMs = options.heartbeatMs ?? 10_000;
    this.timers.push(
      setInterval(() => {
        if (this.agents > 0) link.send({ kind: 'agents', count: this.agents });
        this.presenceChanged();
      }, heartbeatMs).unref(),
    );
    link.send({ kind: 'hello' });
  }

  publish(message: ChatMessage): void {
    this.deliver(message);
    this.options.link?.send({ kind: 'message', message });
  }

  /** Messages of one conversation; returns the unsubscribe function. */
  onConversation(id: number, listener: (message: ChatMessage) => void): () => void {
    this.events.on(`conversation:${id}`, listener);
    return () => this.events.off(`conversation:${id}`, listener);
  }

  /** A visitor's conversation was started (its first message): streams opened before it follow it from now. */
  opened(visitorKey: string, conversationId: number): void {
    this.events.emit(`opened:${visitorKey}`, conversationId);
    this.options.link?.send({ kind: 'opened', visitorKey, conversationId });
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

  /** The link to the other instances was lost and is back: messages sent meanwhile were not heard here. */
  onResumed(listener: () => void): () => void {
    this.events.on('resumed', listener);
    return () => this.events.off('resumed', listener);
  }

  /** Whether an agent has the inbox open, on this instance or another. */
  get agentOnline(): boolean {
    if (this.agents > 0) return true;
    const now = Date.now();
    for (const { count, until } of this.remote.values()) if (count > 0 && until > now) return true;
    return false;
  }

  onPresence(listener: (online: boolean) => void): () => void {
    this.events.on('presence', listener);
    return () => this.events.off('presence', listener);
  }

  /** An agent opened the inbox; the returned function says it left. */
  agentJoined(): () => void {
    this.agents++;
    this.agentsChanged();
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.agents--;
      this.agentsChanged();
    };
  }

  /** Stops saying this instance's agents are here (the server stops). */
  close(): void {
    for (const timer of this.timers) clearInterval(timer);
  }

  private agentsChanged() {
    this.options.link?.send({ kind: 'agents', count: this.agents });
    this.presenceChanged();
  }

  /** Tells the streams when "an agent is online" turned, whatever turned it. */
  private presenceChanged() {
    const online = this.agentOnline;
    if (online === this.online) return;
    this.online = online;
    this.events.emit('presence', online);
  }

  private deliver(message: ChatMessage) {
    this.events.emit(`conversation:${message.conversationId}`, message);
    this.events.emit('all', message);
  }

  private receive(from: string, signal: HubSignal) {
    switch (signal.kind) {
      case 'message':
        return this.deliver(signal.message);
      case 'stored':
        return void this.options.load?.(signal.id).then(
          (message) => message && this.deliver(message),
          () => {},
        );
      case 'opened':
        return void this.events.emit(`opened:${signal.visitorKey}`, signal.conversationId);
      case 'agents':
        this.remote.set(from, { count: signal.count, until: Date.now() + (this.options.presenceMs ?? 30_000) });
        if (signal.count === 0) this.remote.delete(from);
        return this.presenceChanged();
      case 'hello':
        if (this.agents > 0) this.options.link?.send({ kind: 'agents', count: this.agents });
        return;
    }
  }
}
