import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { LAYOUTS } from '../../contract/layouts';
import type { PageCommon } from '../../contract/page-data';
import { type PageContext, renderDocument } from './document';
import { keeping, ShadowElement } from './shadow';
import { themeFor } from './theme';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
const pageCommon: PageCommon = {
  commonHotProductSingleDTO: { commonHotProductDTOList: [{ id: 1, productName: '设备接入', productId: 1 }] },
  commonSolutionSingleDTO: { solutionDTOList: [{ id: 2, title: '智能工厂' }] },
  innovationPracticeNav: [
    { id: 3, menuTemplateId: 1, title: '工业实训' } as PageCommon['innovationPracticeNav'][number],
  ],
  newsCategoryDTOList: [{ id: 4, title: '公司新闻' }],
  logoDTO: { photo: '/media/logo-test.svg' },
  footerCommonDTO: {
    photo1: '/media/badge-1.svg',
    title1: '扫码访问',
    photo2: '/media/badge-2.svg',
    title2: '扫码联系',
    serviceHotline: '400-000-1234',
    serviceTime: '9:00—18:00',
    address: '苏州',
  },
  navStatus: false,
};
const assets = {
  css: 'body{margin:0}',
  manifest: {},
  elementStyles: { 'header.css': '.bar{}', 'footer.css': '.footer{}', 'float-buttons.css': '.b{}' },
  styleHashes: [],
};
const context = (path: string, userAgent = ''): PageContext => ({
  assets,
  lang: 'zh-CN',
  path,
  theme: themeFor(path),
  userAgent,
  pageCommon,
  friendlyLinks: [{ id: 1, name: '友情链接', url: 'https://example.cn' } as never],
  preview: false,
  origin: 'https://portal.example',
});

/** The page as it is rendered afresh, every root drawn for it alone. */
function afresh(render: () => string): string {
  keeping.on = false;
  try {
    return render();
  } finally {
    keeping.on = true;
  }
}

describe('the chrome kept across pages', () => {
  it('gives each element its own root, however alike their data and key', () => {
    const objects = [{}];
    const a = renderToStaticMarkup(
      <ShadowElement tag="portal-a" css="" kept={{ objects, key: 'k' }}>
        <p>a</p>
      </ShadowElement>,
    );
    const b = renderToStaticMarkup(
      <ShadowElement tag="portal-b" css="" kept={{ objects, key: 'k' }}>
        <p>b</p>
      </ShadowElement>,
    );
    assert.match(a, /<p>a<\/p>/);
    assert.match(b, /<p>b<\/p>/);
  });

  it('renders every layout, device and section byte for byte as a page rendered afresh', () => {
    const paths = [
      '/',
      '/product',
      '/product/1',
      '/news/2',
      '/solution',
      '/about',
      '/partners',
      '/innovation-practice/3/1',
    ];
    for (const layout of LAYOUTS)
      for (const userAgent of ['', PHONE])
        for (const path of paths) {
          const render = () =>
            renderDocument(
              { title: '页面', layout, topicPhone: '400-800-0000', children: <main>正文</main> },
              context(path, userAgent),
            );
          const kept = [render(), render()];
          const expected = afresh(render);
          assert.equal(kept[0], expected, `${layout} ${userAgent ? 'phone' : 'desktop'} ${path}, first`);
          assert.equal(kept[1], expected, `${layout} ${userAgent ? 'phone' : 'desktop'} ${path}, kept`);
        }
  });
});
