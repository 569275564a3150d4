import { atom } from 'nanostores';
import type { FriendlyLink } from '../../../contract/page-data';

export type { FriendlyLink } from '../../../contract/page-data';

/** The footer's friendly links; `null` until known. */
export const $friendlyLinks = atom<FriendlyLink[] | null>(null);
