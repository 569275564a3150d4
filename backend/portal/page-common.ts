import { type MediaUrl, mediaPaths } from '../../contract/media';
import type { PageCommon } from '../../contract/page-data';
import type { ContentStore } from './content-store';

/** The common data of every page (`pageCommonDTO`, SPEC §3), from the content store. */
export async function buildPageCommon(content: ContentStore, mediaUrl: MediaUrl): Promise<PageCommon> {
  const [footer, logo, hotProducts, commonSolutions, innovation, newsCategories] = await Promise.all([
    content.setting<PageCommon['footerCommonDTO']>('footer'),
    // Set in the studio's common data; none (or empty) for the site's own.
    content.setting<string>('logo'),
    content.hotProducts(),
    content.commonSolutions(),
    content.innovationCategories(),
    content.newsCategories(),
  ]);
  return {
    commonHotProductSingleDTO: {
      commonHotProductDTOList: hotProducts as PageCommon['commonHotProductSingleDTO']['commonHotProductDTOList'],
    },
    commonSolutionSingleDTO: {
      solutionDTOList: commonSolutions as PageCommon['commonSolutionSingleDTO']['solutionDTOList'],
    },
    innovationPracticeNav: innovation,
    newsCategoryDTOList: newsCategories,
    logoDTO: { photo: logo || mediaUrl(mediaPaths.logo) },
    footerCommonDTO: {
      ...(footer as PageCommon['footerCommonDTO']),
      // The seeded badges are QR codes of the portal's own pages; an image the site's owner sets is shown as given.
      photo1: footer?.photo1 || mediaUrl(mediaPaths.badge('wechat')),
      photo2: footer?.photo2 || mediaUrl(mediaPaths.badge('service')),
    },
    navStatus: false,
  };
}
