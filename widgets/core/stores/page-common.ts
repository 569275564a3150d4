import { atom } from 'nanostores';

/** The data every page's chrome shows (`pageCommonDTO`, SPEC §3). */
export interface PageCommon {
  commonHotProductSingleDTO: { commonHotProductDTOList: Array<{ id: number; productName: string; productId: number }> };
  commonSolutionSingleDTO: { solutionDTOList: Array<{ id: number; title: string }> };
  innovationPracticeNav: Array<{ id: number; title: string; menuTemplateId: number }>;
  newsCategoryDTOList: Array<{ id: number; title: string }>;
  logoDTO: { photo: string };
  footerCommonDTO: {
    photo1: string;
    title1: string;
    photo2: string;
    title2: string;
    serviceHotline: string;
    serviceTime: string;
    address: string;
  };
  /** Whether the navigation starts open. */
  navStatus: boolean;
}

/** `null` until loaded, and when loading failed (such failures are ignored, SPEC §8). */
export const $pageCommon = atom<PageCommon | null>(null);
