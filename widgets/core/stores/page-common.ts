import { atom } from 'nanostores';
import type { PageCommon } from '../../../contract/page-data';

export type { PageCommon } from '../../../contract/page-data';

/** `null` until loaded, and when loading failed (such failures are ignored, SPEC §8). */
export const $pageCommon = atom<PageCommon | null>(null);
