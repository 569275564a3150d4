import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderToString } from 'preact-render-to-string';
import type { PageCommon } from '../../widgets/core/stores/page-common';
import { FooterView } from '../../widgets/footer/FooterView';

const footerWith = (photo1: string, photo2: string) =>
  ({
    commonHotProductSingleDTO: { commonHotProductDTOList: [] },
    commonSolutionSingleDTO: { solutionDTOList: [] },
    innovationPracticeNav: [],
    newsCategoryDTOList: [],
    logoDTO: { photo: '/media/logo.svg' },
    footerCommonDTO: { photo1, title1: '扫码访问智造云门户', photo2, title2: '扫码联系我们' },
    navStatus: false,
  }) as unknown as PageCommon;

const sources = (html: string) => [...html.matchAll(/<img src="([^"]*)"/g)].map((match) => match[1]);

describe('the footer’s photo badges on another site', () => {
  it('come from the portal, but an image the site’s owner keeps elsewhere is shown as given', () => {
    const html = renderToString(
      <FooterView
        lang="zh-CN"
        pageCommon={footerWith('/media/badge/wechat.svg?v=1', 'https://cdn.example.cn/service-qr.png')}
        friendlyLinks={[]}
        openColumn={null}
        base="https://portal.example"
      />,
    );
    assert.deepEqual(sources(html), [
      'https://portal.example/media/badge/wechat.svg?v=1',
      'https://cdn.example.cn/service-qr.png',
    ]);
  });
});
