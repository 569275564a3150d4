import { $pageCommon, type PageCommon } from '../stores/page-common';
import { serverStateRead } from '../stores/read-server-state';
import { NO_DATA } from './envelope';

let loading: Promise<PageCommon | null> | undefined;

/**
 * The common page data, fetched once per page and only when the server did not
 * hand it over. Failures are ignored (SPEC §8): the chrome renders without it.
 */
export function loadPageCommon(): Promise<PageCommon | null> {
  const known = $pageCommon.get();
  if (known) return Promise.resolve(known);
  // The HTTP client is fetched only when the page did not bring the data.
  loading ??= serverStateRead.then(() => $pageCommon.get() ?? fetchPageCommon());
  return loading;
}

function fetchPageCommon(): Promise<PageCommon | null> {
  return import('./client')
    .then(({ request }) => request<never>('/api/common/index', { silent: true }))
    .then((answer) => {
      const data = (answer as { code: string; data?: { pageCommonDTO?: PageCommon } }).data;
      if (answer.code === NO_DATA || !data?.pageCommonDTO) return null;
      $pageCommon.set(data.pageCommonDTO);
      return data.pageCommonDTO;
    })
    .catch(() => null);
}
