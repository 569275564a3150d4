import { atom } from 'nanostores';
import type { PendingMessage } from './ChatPanel';
import type { ChatMessage, ConnectionStatus } from './types';

/** Longest text message; the service refuses longer ones with the same words. */
export const MAX_TEXT = 500;

/** What the chat panel shows; the panel renders from it (live-panel.tsx). */
export interface PanelState {
  /** Stored messages, oldest first, each id once. */
  messages: ChatMessage[];
  /** Messages on their way, shown at once until the stored one replaces them. */
  pending: PendingMessage[];
  /** Cards refused for now (a limit, no answer): shown as not sent, they go ahead of the next message. */
  held: PendingMessage[];
  agentOnline: boolean;
  status: ConnectionStatus;
  /** Why the chat cannot be used, or why the last message was refused. */
  error: string;
  draft: string;
}

/**
 * The built-in chat panel's state and its changes: one store per started chat
 * (a launcher added again starts afresh). Changes go through these functions,
 * never through the view.
 */
export function panelStore() {
  const $panel = atom<PanelState>({
    messages: [],
    pending: [],
    held: [],
    agentOnline: false,
    status: 'connecting',
    error: '',
    draft: '',
  });
  const get = () => $panel.get();
  return {
    $panel,
    /** A stored message, from the stream or from the answer to a send; false when it was shown already (a replay). */
    receive(message: ChatMessage): boolean {
      const { messages, pending } = get();
      if (messages.some((m) => m.id === message.id)) return false;
      $panel.set({
        ...get(),
        messages: [...messages, message].sort((a, b) => a.id - b.id),
        pending: pending.filter((item) => item.clientId !== message.clientId),
      });
      return true;
    },
    /** The newest agent's message id, 0 when none. */
    lastAgentId: () =>
      Math.max(
        0,
        ...get()
          .messages.filter((m) => m.sender === 'agent')
          .map((m) => m.id),
      ),
    sending(item: PendingMessage) {
      const { pending, held } = get();
      $panel.set({ ...get(), pending: [...pending, item], held: held.filter((h) => h.clientId !== item.clientId) });
    },
    /**
     * A send failed: the message leaves the list, its text goes back into an empty
     * box; a card is held (`hold`: the refusal passes, a limit or no answer) rather than lost.
     */
    failed(item: PendingMessage, reason: string, hold = false) {
      const { pending, held, draft } = get();
      $panel.set({
        ...get(),
        pending: pending.filter((p) => p.clientId !== item.clientId),
        held: hold && item.card ? [...held.filter((h) => h.clientId !== item.clientId), item] : held,
        error: reason,
        draft: item.text !== undefined && !draft ? item.text : draft,
      });
    },
    typed(draft: string) {
      const { error } = get();
      $panel.set({ ...get(), draft, error: error && draft.length <= MAX_TEXT ? '' : error });
    },
    /** The text to send, trimmed, with the box emptied; undefined when there is none or it is too long (said). */
    take(value: string, tooLong: string): string | undefined {
      const text = value.trim();
      if (!text) return undefined;
      if (text.length > MAX_TEXT) {
        $panel.set({ ...get(), error: tooLong });
        return undefined;
      }
      $panel.set({ ...get(), error: '', draft: '' });
      return text;
    },
    presence(online: boolean) {
      $panel.set({ ...get(), agentOnline: online });
    },
    status(status: ConnectionStatus, error?: string) {
      $panel.set({ ...get(), status, error: error ?? get().error });
    },
  };
}

export type PanelStore = ReturnType<typeof panelStore>;
