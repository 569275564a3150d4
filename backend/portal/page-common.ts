import { mediaUrl } from '../../host/media';
import type { PageCommon } from '../../widgets/core/stores/page-common';
import type { ContentStore } from './content-store';

/** The common data of every page (`pageCommonDTO`, SPEC §3), from the content store. */
export function buildPageCommon(content: ContentStore): PageCommon {
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
    logoDTO: { photo: mediaUrl('/media/logo.svg') },
    footerCommonDTO: {
      ...(footer as PageCommon['footerCommonDTO']),
      photo1: mediaUrl('/media/badge/wechat.svg'),
      photo2: mediaUrl('/media/badge/service.svg'),
    },
    navStatus: false,
  };
}
