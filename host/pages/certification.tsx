import { type PageContext, renderDocument } from './document';

const STEPS = [
  { title: '登录账号', text: '使用智造云账号登录；还没有账号可在登录页注册。' },
  { title: '填写企业信息', text: '在控制台填写企业名称、统一社会信用代码与法定代表人。' },
  { title: '提交审核', text: '上传营业执照，平台在 1 个工作日内完成审核。' },
  { title: '设置管理员', text: '认证通过后为企业设置管理员，即可订购产品、管理成员与订单。' },
];

/** `/certification` (certify layout): why and how a company gets certified, with the way to the console. */
export function renderCertification(context: PageContext, enterpriseUrl: string): string {
  return renderDocument(
    {
      title: '企业认证 - 智造云',
      description: '完成企业认证后即可在智造云订购产品与服务。了解企业认证的流程与所需材料。',
      layout: 'certify',
      canonical: '/certification',
      children: (
        <main id="main" className="page narrow">
          <h1>企业认证</h1>
          <p className="lead">订购产品、开通服务与管理企业成员，需要先完成企业认证并设置企业管理员。</p>
          <ol className="steps">
            {STEPS.map((step) => (
              <li key={step.title}>
                <strong>{step.title}</strong>
                <span>{step.text}</span>
              </li>
            ))}
          </ol>
          <p className="actions">
            <a className="button primary" href={enterpriseUrl} target="_blank" rel="noopener">
              前往控制台认证
            </a>
            <a className="button" href="/help?id=41">
              查看认证帮助
            </a>
          </p>
        </main>
      ),
    },
    context,
  );
}
