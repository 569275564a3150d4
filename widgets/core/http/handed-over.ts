import type { WritableAtom } from 'nanostores';
import { serverStateRead } from '../stores/read-server-state';
import type { request as Request } from './client';

/**
 * A loader for data the server usually hands over with the page (the common
 * data, the friendly links). Once the page's state has been read, it answers
 * the store's value; only when the page brought none does it load the HTTP
 * client and fetch, once per page however many ask. `fetch` answers null when
 * there is nothing to show. Failures are ignored (SPEC §8): the chrome renders
 * without the data, and the next ask does not fetch again.
 */
export function handedOverOrFetched<T>(
  store: WritableAtom<T | null>,
  fetch: (request: typeof Request) => Promise<T | null>,
): () => Promise<T | null> {
  let loading: Promise<T | null> | undefined;
  return () => {
    const known = store.get();
    if (known !== null) return Promise.resolve(known);
    loading ??= serverStateRead
      .then(async () => {
        const handedOver = store.get();
        if (handedOver !== null) return handedOver;
        const { request } = await import('./client');
        const fetched = await fetch(request);
        if (fetched !== null) store.set(fetched);
        return fetched;
      })
      .catch(() => null);
    return loading;
  };
}
