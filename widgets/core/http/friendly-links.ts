import { $friendlyLinks, type FriendlyLink } from '../stores/friendly-links';
import { SUCCESS } from './envelope';
import { handedOverOrFetched } from './handed-over';

/** The footer's friendly links (`POST /api/friendly-link/list`), unless the server handed them over. */
export const loadFriendlyLinks = handedOverOrFetched($friendlyLinks, async (request) => {
  const answer = await request<FriendlyLink[]>('/api/friendly-link/list', { method: 'post', json: {}, silent: true });
  return answer.code === SUCCESS ? (answer.result ?? []) : null;
});
