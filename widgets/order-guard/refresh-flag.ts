import { announceReturn } from './trip';

/** The console sends people back with this flag after changing their company. */
export const REFRESH_FLAG = 'webneedrefresh';

/**
 * Removes `webneedrefresh=true` from the address (so a reload or a shared link
 * does not carry it) and says whether it was there. Back from the console, the
 * tab that sent the visitor there may take over (trip.ts).
 */
export function consumeRefreshFlag(): boolean {
  const url = new URL(location.href);
  if (url.searchParams.get(REFRESH_FLAG) !== 'true') return false;
  url.searchParams.delete(REFRESH_FLAG);
  history.replaceState(history.state, '', url);
  announceReturn(url.href);
  return true;
}
