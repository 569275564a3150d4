import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ContentStore } from './content-store';
import { buildPageCommon } from './page-common';

/** A content store with the footer setting given and nothing else. */
const contentWith = (footer: Record<string, string>) =>
  ({
    setting: async () => footer,
    hotProducts: async () => [],
    commonSolutions: async () => [],
    innovationCategories: async () => [],
    newsCategories: async () => [],
  }) as unknown as ContentStore;

const versioned = (path: string) => `${path}?v=1`;

describe('the footer’s photo badges', () => {
  it('are the drawn QR codes while the footer setting names none', async () => {
    const { footerCommonDTO } = await buildPageCommon(contentWith({ title1: '扫码访问智造云门户' }), versioned);
    assert.equal(footerCommonDTO.photo1, '/media/badge/wechat.svg?v=1');
    assert.equal(footerCommonDTO.photo2, '/media/badge/service.svg?v=1');
    assert.equal(footerCommonDTO.title1, '扫码访问智造云门户');
  });

  it('are the images the site’s owner sets, as given', async () => {
    const footer = { photo1: 'https://cdn.example.cn/wechat-qr.png', photo2: '/uploads/service.jpg' };
    const { footerCommonDTO } = await buildPageCommon(contentWith(footer), versioned);
    assert.equal(footerCommonDTO.photo1, 'https://cdn.example.cn/wechat-qr.png');
    assert.equal(footerCommonDTO.photo2, '/uploads/service.jpg');
  });
});
