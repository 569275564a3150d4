/** What every page's chrome shows, and the words both sides use for a page's look. */

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

/** A footer friendly link (SPEC §3). */
export interface FriendlyLink {
  id: number;
  name: string;
  url: string;
}

/** Dark on the product pages, light elsewhere (SPEC §2). */
export type Theme = 'dark' | 'light';

/** The languages every element speaks. */
export type Lang = 'zh-CN' | 'en';
