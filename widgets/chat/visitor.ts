import { VISITOR_SECRET_PATTERN } from '../../contract/ids';
import { VISITOR_KEY } from '../chat-launcher/types';

/** This browser's anonymous visitor id: random, kept in storage, created on first use. */
export function visitorId(): string {
  try {
    const existing = localStorage.getItem(VISITOR_KEY);
    if (existing && VISITOR_SECRET_PATTERN.test(existing)) return existing;
  } catch {
    // No storage (a sandboxed frame): the id lasts for this page.
  }
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  const id = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  try {
    localStorage.setItem(VISITOR_KEY, id);
  } catch {}
  return id;
}

/** Remembered per browser: the last message seen with the panel open, and the page of the last card. */
export const memory = {
  get(key: 'seen' | 'card-url'): string | null {
    try {
      return localStorage.getItem(`portal.chat.${key}`);
    } catch {
      return null;
    }
  },
  set(key: 'seen' | 'card-url', value: string): void {
    try {
      localStorage.setItem(`portal.chat.${key}`, value);
    } catch {}
  },
};
