import { deskLifecycle } from '../test-support/desk-lifecycle';

const CASE = {
  title: '常州某电池厂质检提效案例',
  customer: '常州某电池厂',
  industry: '新能源',
  summary: '视觉质检把漏检率降到万分之三。',
  solutionId: '1',
  publishedAt: '2026-11-20',
  results: '漏检率：降到万分之三\n质检人力：减少 40%',
  contentHtml: '<p>背景。</p><h3>做法</h3><p>结果。</p>',
};

deskLifecycle({
  name: 'case',
  base: '/studio/cases',
  page: (id) => `/cases/${id}`,
  list: '/cases',
  fields: CASE,
  title: CASE.title,
  titleField: 'title',
  searchWord: '质检提效案例',
  refused: {
    fields: { title: '', publishedAt: '2026-13-45', results: '没有冒号的一行' },
    messages: [/请填写标题/, /发布日期不是有效日期/, /成效每行写成“标题：说明”/],
    kept: [/常州某电池厂/, /没有冒号的一行/],
  },
  textFields: ['title', 'customer', 'summary', 'results', 'contentHtml'],
  shortFields: ['industry'],
});
