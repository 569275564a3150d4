import { type MediaUrl, mediaPaths } from '../../contract/media';
import type { PageCommon } from '../../contract/page-data';
import type { ContentStore } from './content-store';

/** The common data of every page (`pageCommonDTO`, SPEC §3), from the content store. */
export function buildPageCommon(content: ContentStore, mediaUrl: MediaUrl): PageCommon {
  const footer = content.setting<PageCommon['footerCommonDTO']>('footer');
  return {
    commonHotProductSingleDTO: {
      commonHotProductDTOList:
        content.hotProducts() as PageCommon['commonHotProductSingleDTO']['commonHotProductDTOList'],
    },
    commonSolutionSingleDTO: {
      solutionDTOList: content.commonSolutions() as PageCommon['commonSolutionSingleDTO']['solutionDTOList'],
    },
    innovationPracticeNav: content.innovationCategories(),
    newsCategoryDTOList: content.newsCategories(),
    logoDTO: { photo: mediaUrl(mediaPaths.logo) },
    footerCommonDTO: {
      ...(footer as PageCommon['footerCommonDTO']),
      photo1: mediaUrl(mediaPaths.badge('wechat')),
      photo2: mediaUrl(mediaPaths.badge('service')),
    },
    navStatus: false,
  };
}
