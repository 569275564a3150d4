import type { ReadableAtom } from 'nanostores';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * A store's value in a component, re-rendering on change: React's own binding
 * for external stores. (@nanostores/react does the same plus `keys` and `ssr`
 * options we never use, whose code would ride in every page's runtime chunk.)
 */
export function useStore<T>(store: ReadableAtom<T>): T {
  const subscribe = useCallback((onChange: () => void) => store.listen(onChange), [store]);
  return useSyncExternalStore(subscribe, store.get);
}
