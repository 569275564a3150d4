import { $pageCommon, type PageCommon } from '../stores/page-common';
import { NO_DATA } from './envelope';
import { handedOverOrFetched } from './handed-over';

/** The common page data (`GET /api/common/index`), unless the server handed it over. */
export const loadPageCommon = handedOverOrFetched($pageCommon, async (request) => {
  const answer = await request<never>('/api/common/index', { silent: true });
  const data = (answer as { code: string; data?: { pageCommonDTO?: PageCommon } }).data;
  return answer.code === NO_DATA ? null : (data?.pageCommonDTO ?? null);
});
