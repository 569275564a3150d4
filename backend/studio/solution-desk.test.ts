import assert from 'node:assert/strict';
import { it } from 'node:test';
import { deskLifecycle } from '../test-support/desk-lifecycle';

const SOLUTION = {
  title: '光伏组件智能制造解决方案',
  industry: '光伏',
  summary: '从电池片到组件的全流程数字化。',
  painPoints: '隐裂难发现\n良率波动大',
  contentHtml: '<p>方案概述。</p><h3>架构</h3><p>说明。</p>',
  'productIds.0': '1',
  'productIds.1': '4',
};

deskLifecycle(
  {
    name: 'solution',
    base: '/studio/solutions',
    page: (id) => `/solution/${id}`,
    list: '/solution',
    fields: SOLUTION,
    title: SOLUTION.title,
    titleField: 'title',
    searchWord: '光伏组件智能制造',
    refused: {
      fields: { title: '', industry: '一个非常非常非常非常非常非常长的行业名称啊' },
      messages: [/请填写方案名称/, /行业不能超过 20 个字/],
      kept: [/从电池片到组件的全流程数字化/, /<option value="4" selected/, /隐裂难发现/],
    },
    textFields: ['summary', 'painPoints', 'contentHtml'],
    shortFields: ['title', 'industry'],
  },
  (studio, id) => {
    it('a solution in the footer drops every page when it joins or leaves it or is renamed; a text changed, its own pages only', async () => {
      const { portal, admin } = studio();
      const announced: Array<readonly string[]> = [];
      portal.backend.sources.changes?.onChange((paths) => announced.push(paths));
      const publishWith = async (fields: Record<string, string>) => {
        assert.equal(
          (await admin.submit(`/studio/solutions/${id()}`, `/studio/solutions/${id()}`, fields)).status,
          303,
        );
        await admin.submit(`/studio/solutions/${id()}`, `/studio/solutions/${id()}/publish`, {});
        return announced.at(-1);
      };
      const common = { ...SOLUTION, common: 'on' };
      assert.deepEqual(await publishWith(common), ['*']);
      assert.deepEqual(await publishWith({ ...common, summary: '从电池片到组件，全流程数字化。' }), [
        '/',
        '/home',
        '/en',
        '/solution',
        `/solution/${id()}`,
        `/solution/S${2025000 + Number(id())}`,
        '/meiqia/card',
        '/sitemap.xml',
        '/mapsite',
        '/searchRes',
      ]);
      assert.deepEqual(await publishWith({ ...common, title: `${SOLUTION.title}（二期）` }), ['*']);
      assert.deepEqual(await publishWith(SOLUTION), ['*']);
    });
  },
);
