/**
 * Unsent replies, by conversation, kept for this tab: signing in again after the
 * session ended, a reload or another conversation in between loses nothing.
 */
export const drafts = {
  key: (id: number) => `portal.chat-agent.draft.${id}`,
  read(id: number): string {
    try {
      return sessionStorage.getItem(drafts.key(id)) ?? '';
    } catch {
      return '';
    }
  },
  write(id: number, text: string) {
    try {
      if (text) sessionStorage.setItem(drafts.key(id), text);
      else sessionStorage.removeItem(drafts.key(id));
    } catch {
      // Storage refused (private mode, full): the draft lives on in the box only.
    }
  },
};
