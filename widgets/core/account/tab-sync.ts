/** Name of the lock that lets one tab at a time refresh the token. */
export const REFRESH_LOCK = 'portal.guc.refresh';
export const CHANNEL_NAME = 'portal.guc';

export type TabMessage = { type: 'signed-out' };

/**
 * Runs `task` while holding the refresh lock, so tabs refresh one after another
 * and each can first see whether another already did. Without Web Locks (old
 * browsers, some embedded views) the task just runs.
 */
export async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks) return task();
  return locks.request(REFRESH_LOCK, task) as Promise<T>;
}

/** Tells the other tabs of this origin what happened, and hears what they say. */
export function openTabChannel(onMessage: (message: TabMessage) => void): {
  post(message: TabMessage): void;
  close(): void;
} {
  if (typeof BroadcastChannel === 'undefined') return { post() {}, close() {} };
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<TabMessage>) => {
    if (event.data?.type === 'signed-out') onMessage(event.data);
  };
  return { post: (message) => channel.postMessage(message), close: () => channel.close() };
}
