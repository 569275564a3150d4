import type { NewsEdit } from '../../contract/content-edits';
import type { ContentSource, DraftPreview } from '../../contract/sources';
import { may } from '../staff/roles';
import { STAFF_COOKIE } from '../staff/staff-auth';
import type { StaffStore } from '../staff/staff-store';
import type { ContentDrafts } from './drafts';
import type { NewsItems } from './news-items';

/**
 * The pages' content as a staff member who may draft sees it with
 * `preview=true`: an item's draft where it has one, and an item not shown to
 * visitors as it is. Anyone else (no sign-in, a customer, an agent) gets nothing
 * here, and so the published page.
 */
export function draftPreview(options: {
  staff: StaffStore;
  drafts: ContentDrafts;
  news: NewsItems;
  content: ContentSource;
}): DraftPreview {
  const { staff, drafts, news, content } = options;
  return {
    async contentFor(cookieHeader) {
      // The one cookie asked for; its token's form is checked by the store.
      const token = new RegExp(`(?:^|;\\s*)${STAFF_COOKIE}=([^;]*)`).exec(cookieHeader ?? '')?.[1];
      if (!token) return undefined;
      const session = await staff.session(token);
      if (!session || !may(session.staff.roles, 'draft')) return undefined;
      return {
        ...content,
        async newsItem(id) {
          const row = await news.byId(id);
          if (!row) return undefined;
          const draft = await drafts.draft<NewsEdit>('news', id);
          return news.detailOf(id, draft?.data ?? row);
        },
      };
    },
  };
}
