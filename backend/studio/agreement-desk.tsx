import { Router } from 'express';
import { type AgreementEdit, agreementEditSchema } from '../../contract/catalogue-edits';
import type { ContentDesk } from '../publishing/content-desk';
import { sanitizeRichText } from '../publishing/rich-text';
import { contentDeskRoutes, type DeskView } from './content-desk';
import { type StudioDesk, sendStudioMessage, sendStudioPage, signedIn } from './context';
import { RichTextField } from './rich-text-field';
import { Field } from './studio-page';

const BASE = '/studio/agreements';

function AgreementFields({
  values,
  errors,
}: {
  values: Partial<Record<keyof AgreementEdit, string>>;
  errors: Record<string, string>;
}) {
  return (
    <>
      <Field
        name="code"
        label="协议代码"
        value={values.code}
        error={errors.code}
        maxLength={40}
        autoComplete="off"
        hint="如 PORTAL_SERVICE；确认时随协议发回。已有协议的代码不随修改而变。"
      />
      <Field
        name="templateVersion"
        label="版本号"
        value={values.templateVersion}
        error={errors.templateVersion}
        maxLength={20}
        autoComplete="off"
        hint="改动条款时写新的版本号（如 2026.2）：发布后，已确认旧版本的客户登录时须确认新版本。版本号不变则只更正文字，不再请客户确认。"
      />
      <Field
        name="title"
        label="协议名称"
        value={values.title}
        error={errors.title}
        maxLength={60}
        autoComplete="off"
      />
      <RichTextField
        name="contentHtml"
        label="协议正文"
        value={values.contentHtml}
        error={errors.contentHtml}
        rows={16}
      />
    </>
  );
}

/** Agreements in the studio: each edit is the agreement's next version. */
export const agreementDeskView: DeskView<AgreementEdit, undefined> = {
  base: BASE,
  words: { list: '协议', create: '添加协议', missing: '没有这份协议' },
  // Customers read agreements in the dialog after sign-in: the studio shows the text (its draft, if any) as they will.
  publicPath: (id) => `${BASE}/${id}/text`,
  shownOn: '客户登录后的协议确认窗口（此处可先读正文）',
  preview: false,
  schema: agreementEditSchema,
  fieldNames: { code: '协议代码', templateVersion: '版本号', title: '协议名称', contentHtml: '协议正文' },
  richText: ['contentHtml'],
  valuesOf: (data) => ({ ...data }),
  options: async () => undefined,
  Fields: AgreementFields,
  listColumn: { label: '版本', value: (data) => data.templateVersion },
};

/** The agreements' desk, with a page showing an agreement's text (its draft where there is one) as customers get it. */
export const agreementStudioDesk = (desk: ContentDesk<AgreementEdit>): StudioDesk => ({
  base: BASE,
  label: agreementDeskView.words.list,
  routes(studio) {
    const router = Router();
    router.get(`${BASE}/:id/text`, signedIn(studio, 'draft'), async (req, res) => {
      const id = /^[1-9]\d{0,9}$/.test(String(req.params.id)) ? Number(req.params.id) : 0;
      const data = id ? await desk.latest(id) : undefined;
      if (!data)
        return sendStudioMessage(
          studio,
          req,
          res,
          { title: '没有这份协议', current: '/studio/content', link: { href: BASE, label: '回到协议列表' } },
          404,
        );
      sendStudioPage(studio, req, res, {
        title: data.title,
        current: '/studio/content',
        children: (
          <div className="card">
            <p>
              <a href={`${BASE}/${id}`}>回到编辑</a>
            </p>
            <h1>{data.title}</h1>
            <p className="status">
              <span className="tag">{data.code}</span>
              <span className="tag">版本 {data.templateVersion}</span>
            </p>
            <div dangerouslySetInnerHTML={{ __html: sanitizeRichText(data.contentHtml) }} />
          </div>
        ),
      });
    });
    router.use(contentDeskRoutes(studio, desk, agreementDeskView));
    return router;
  },
});
