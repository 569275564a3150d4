import { atom } from 'nanostores';

export type ToastType = 'error' | 'info' | 'success';

export interface Toast {
  type: ToastType;
  message: string;
  /** Distinguishes two toasts with the same text. */
  id: number;
}

/** How long a toast stays (SPEC §9). */
export const TOAST_MS = 1500;

/** The toast on screen; one at a time, the newest wins. */
export const $toast = atom<Toast | null>(null);

let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

/** A page needs no markup for toasts: the element is added on first use. */
function ensureElement() {
  if (!document.querySelector('portal-toast')) document.body.append(document.createElement('portal-toast'));
  void import('../toast/toast.element');
}

/** Shows a toast for 1.5 s, replacing the one on screen. */
export function toast(type: ToastType, message: string): void {
  ensureElement();
  clearTimeout(timer);
  $toast.set({ type, message, id: nextId++ });
  timer = setTimeout(() => $toast.set(null), TOAST_MS);
}

/**
 * For failed requests: shown only if no error toast is on screen, so a burst of
 * failures gives one toast, not a stack (SPEC §8).
 */
export function toastErrorOnce(message: string): void {
  if ($toast.get()?.type !== 'error') toast('error', message);
}
