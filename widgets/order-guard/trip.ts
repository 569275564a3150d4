/**
 * The trip to the console's tab and back. Certification opens the
 * console in a new tab (SPEC §5) that comes back to the portal page it was sent
 * from. The portal tab that sent the visitor is still open there, with the
 * action it stopped: on its own origin the two tabs can talk, so the one that
 * comes back asks, and when the first answers that it continues, it closes
 * itself, leaving one portal tab, on the order.
 */
const CHANNEL = 'portal.order-guard';

type TripMessage = { type: 'returned' | 'continued'; page: string };

/** The page an address stands for: its hash and the console's refresh flag aside. */
function pageOf(address: string): string {
  const url = new URL(address, location.href);
  url.hash = '';
  url.searchParams.delete('webneedrefresh');
  return url.href;
}

const openChannel = () => (typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(CHANNEL));

/**
 * Waits for a tab to come back to `page` from the console. `onReturn` says how
 * this tab continues (or `undefined`: it does not, yet); the other tab is told
 * before this one moves on, since moving on may leave the page. Returns the way
 * to stop waiting.
 */
export function awaitReturn(page: string, onReturn: () => Promise<(() => void) | undefined>): () => void {
  const channel = openChannel();
  let open = channel !== undefined;
  const stop = () => {
    if (open) channel?.close();
    open = false;
  };
  const wanted = pageOf(page);
  if (channel)
    channel.onmessage = async ({ data }: MessageEvent<TripMessage>) => {
      if (data?.type !== 'returned' || data.page !== wanted) return;
      const next = await onReturn();
      if (!next) return;
      if (open) channel.postMessage({ type: 'continued', page: wanted } satisfies TripMessage);
      stop();
      next();
    };
  return stop;
}

/** How long a page back from the console listens for the tab that sent the visitor. */
const LISTEN_MS = 10_000;

/**
 * This page was reached back from the console (`webneedrefresh=true`): when the
 * tab that sent the visitor continues, this tab, opened for the trip, closes.
 * Otherwise (that tab is gone, or the console was reached in this one) it stays.
 */
export function announceReturn(address = location.href): void {
  const channel = openChannel();
  if (!channel) return;
  const here = pageOf(address);
  const timer = setTimeout(() => channel.close(), LISTEN_MS);
  channel.onmessage = ({ data }: MessageEvent<TripMessage>) => {
    if (data?.type !== 'continued' || data.page !== here) return;
    clearTimeout(timer);
    channel.close();
    // Refused by the browser for a tab the visitor opened: then it just stays.
    window.close();
  };
  channel.postMessage({ type: 'returned', page: here } satisfies TripMessage);
}
