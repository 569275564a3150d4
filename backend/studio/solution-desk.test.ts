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

deskLifecycle({
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
});
