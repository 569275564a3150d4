import type { ContentChanges, SiteData } from '../../contract/sources';

/** How long a read stands at most without a change heard: a write nobody announced (a hand edit of the database) shows this late. */
export const SITE_DATA_FRESH_MS = 5_000;

/**
 * The embedded back-end's common data and friendly links, read once for every
 * page until published content changes (any announcement: the common data's is
 * `*`, and a product or news item may be among the hot ones or the menu's
 * categories), or `freshMs` passes: every page shows them, and reading them
 * was seven queries per page. A read that fails is not kept.
 */
export function keptSiteData(
  source: SiteData,
  changes: ContentChanges | undefined,
  freshMs = SITE_DATA_FRESH_MS,
): SiteData {
  const pageCommon = kept(() => source.pageCommon(), freshMs);
  const friendlyLinks = kept(() => source.friendlyLinks(), freshMs);
  changes?.onChange(() => {
    pageCommon.drop();
    friendlyLinks.drop();
  });
  return { pageCommon: pageCommon.read, friendlyLinks: friendlyLinks.read };
}

/** One value read once and shared until dropped or `freshMs` old. */
function kept<T>(load: () => Promise<T>, freshMs: number) {
  let value: { promise: Promise<T>; at: number } | undefined;
  const drop = () => {
    value = undefined;
  };
  const read = (): Promise<T> => {
    if (value && performance.now() - value.at < freshMs) return value.promise;
    const current = { promise: load(), at: performance.now() };
    value = current;
    // Not kept once it failed (unless a newer read took its place meanwhile).
    current.promise.catch(() => {
      if (value === current) drop();
    });
    return current.promise;
  };
  return { read, drop };
}
