import { Breadcrumb, Highlights } from './content/parts';
import { type PageContext, renderDocument } from './document';

const WAIC_SHOWS = [
  { title: 'AI 视觉质检', text: '储能电芯外观缺陷实时检测，现场演示从样本采集到模型上线的全过程。' },
  { title: '设备预测性维护', text: '基于振动与电流数据的故障预警，展示一条真实产线的一年运行记录。' },
  { title: '能碳智能体', text: '用自然语言查询工厂能耗与碳排放，自动生成节能建议与报表。' },
];

/** `/waic`: the platform at the World Artificial Intelligence Conference. */
export function renderWaic(context: PageContext): string {
  return renderDocument(
    {
      title: '世界人工智能大会 · 智造云展区 - 智造云',
      description: '智造云亮相世界人工智能大会（WAIC），展示工业 AI 在质检、运维与能碳管理中的落地实践。',
      canonical: '/waic',
      children: (
        <main id="main" className="page">
          <Breadcrumb trail={[{ label: 'WAIC 专题' }]} />
          <section className="hero" aria-labelledby="waic-title">
            <p className="eyebrow">世界人工智能大会 WAIC</p>
            <h1 id="waic-title">工业 AI，从样本到产线</h1>
            <p className="lead">
              在智造云展区，看人工智能如何在车间里真正用起来：看得见的缺陷、听得见的故障、算得清的能耗。
            </p>
          </section>
          <section aria-labelledby="waic-shows">
            <h2 id="waic-shows">展区亮点</h2>
            <Highlights items={WAIC_SHOWS} />
          </section>
          <p className="actions">
            <a className="button primary" href="/searchRes?keyword=AI">
              了解工业 AI 产品
            </a>
            <a className="button" href="/propaganda-film/2026/ai-quality-2026">
              观看 AI 质检纪实
            </a>
          </p>
        </main>
      ),
    },
    context,
  );
}

/** `/wj`: the customer questionnaire, at the address `/api/wjUrl` gives. */
export function renderQuestionnaire(context: PageContext, url: string | null): string {
  return renderDocument(
    {
      title: '客户满意度调查 - 智造云',
      description: '参与智造云客户满意度调查，帮助我们改进产品与服务。',
      canonical: '/wj',
      children: (
        <main id="main" className="page narrow">
          <Breadcrumb trail={[{ label: '问卷调查' }]} />
          <h1>客户满意度调查</h1>
          <p className="lead">
            感谢您使用智造云的产品与服务。问卷约需 3 分钟，您的每一条意见都会由产品与服务团队逐条阅读。
          </p>
          {url ? (
            <p className="actions">
              <a className="button primary" href={url}>
                开始答题
              </a>
            </p>
          ) : (
            <p role="status">
              本期问卷已结束，欢迎通过<a href="/feedback">意见反馈</a>随时告诉我们您的想法。
            </p>
          )}
        </main>
      ),
    },
    context,
  );
}
