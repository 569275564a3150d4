import type { ContentSource, DraftPreview } from '../../contract/sources';
import { may } from '../staff/roles';
import { STAFF_COOKIE } from '../staff/staff-auth';
import type { StaffStore } from '../staff/staff-store';
import type { DeskOfAnyKind } from './content-desk';

/**
 * The pages' content as a staff member who may draft sees it with
 * `preview=true`: each item's draft where it has one, and an item not shown to
 * visitors as it is. Anyone else (no sign-in, a customer, an agent) gets nothing
 * here, and so the published page.
 */
export function draftPreview(options: {
  staff: StaffStore;
  desks: readonly DeskOfAnyKind[];
  content: ContentSource;
}): DraftPreview {
  const { staff, desks, content } = options;
  const previewed: ContentSource = Object.assign({ ...content }, ...desks.map((desk) => desk.previewSource()));
  return {
    async contentFor(cookieHeader) {
      // The one cookie asked for; its token's form is checked by the store.
      const token = new RegExp(`(?:^|;\\s*)${STAFF_COOKIE}=([^;]*)`).exec(cookieHeader ?? '')?.[1];
      if (!token) return undefined;
      const session = await staff.session(token);
      if (!session || !may(session.staff.roles, 'draft')) return undefined;
      return previewed;
    },
  };
}
