/**
 * After a deploy, a page still open holds chunk names that no longer exist, so its next
 * `import()` fails. A reload fetches the new names; the time of the last one is kept for
 * the tab so a chunk that is really broken cannot reload the page in a loop.
 *
 * Inlined into the classic-script loader: no imports, and keep it tiny.
 */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;
const RELOADED_AT_KEY = 'portal.chunk-reload-at';

// Chromium, Firefox and Safari words for a failed dynamic import.
const CHUNK_ERROR = /dynamically imported module|Importing a module script failed/i;

/** Whether `error` says a dynamically imported module could not be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || (error instanceof TypeError && CHUNK_ERROR.test(error.message));
}

export interface ChunkReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  now: () => number;
}

/** Reloads the page for a chunk load error, at most once a minute; true if it did. */
export function reloadOnChunkError(error: unknown, deps?: ChunkReloadDeps): boolean {
  if (!isChunkLoadError(error)) return false;
  // Without storage a reload could not be remembered and might loop, so then none happens.
  // `sessionStorage` itself throws in a sandboxed iframe, hence the default inside the try.
  try {
    const storage = deps?.storage ?? sessionStorage;
    const time = (deps?.now ?? Date.now)();
    const since = time - Number(storage.getItem(RELOADED_AT_KEY) ?? -Infinity);
    if (since >= 0 && since < CHUNK_RELOAD_INTERVAL_MS) return false;
    storage.setItem(RELOADED_AT_KEY, String(time));
    deps ? deps.reload() : location.reload();
    return true;
  } catch {
    return false;
  }
}
