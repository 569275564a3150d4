import {
  type InnovationEdit,
  innovationEditSchema,
  type TopicEdit,
  topicEditSchema,
} from '../../contract/content-edits';
import type { DeskView, FormValues } from './content-desk';
import { asLines, Choice, Choices } from './page-fields';
import { RichTextField } from './rich-text-field';
import { Field } from './studio-page';

const linesHint = (parts: string) => `每行一项：${parts}，用 | 分开`;

/** What a topic's check boxes offer. */
export interface TopicOptions {
  products: ReadonlyArray<{ id: number; label: string }>;
  cases: ReadonlyArray<{ id: number; label: string }>;
}

function TopicFields({
  values,
  errors,
  options,
}: {
  values: FormValues<TopicEdit>;
  errors: Record<string, string>;
  options: TopicOptions;
}) {
  const lines = (name: keyof TopicEdit & string, label: string, hint: string) => (
    <Field name={name} label={label} value={values[name]} error={errors[name]} rows={6} optional hint={hint} />
  );
  return (
    <>
      <Field name="title" label="页面标题" value={values.title} error={errors.title} maxLength={60} />
      <Field name="phone" label="咨询电话" value={values.phone} error={errors.phone} maxLength={30} />
      <Field name="bannerTitle" label="横幅标题" value={values.bannerTitle} error={errors.bannerTitle} maxLength={60} />
      <Field
        name="bannerSubtitle"
        label="横幅副标题"
        value={values.bannerSubtitle}
        error={errors.bannerSubtitle}
        maxLength={120}
      />
      <Field
        name="introduceTitle"
        label="方案介绍标题"
        value={values.introduceTitle}
        error={errors.introduceTitle}
        maxLength={40}
      />
      <RichTextField
        name="introduceHtml"
        label="方案介绍"
        value={values.introduceHtml}
        error={errors.introduceHtml}
        rows={10}
      />
      <Choices
        name="hotProductIds"
        legend="热门产品"
        value={values.hotProductIds}
        error={errors.hotProductIds}
        options={options.products}
      />
      {lines('painPoints', '行业痛点', linesHint('标题 | 说明'))}
      {lines('features', '方案特点', linesHint('标题 | 说明'))}
      <Choices name="caseIds" legend="客户案例" value={values.caseIds} error={errors.caseIds} options={options.cases} />
      {lines('pedagogy', '配套培训', linesHint('标题 | 说明'))}
      {lines('faq', '常见问题', linesHint('问题 | 回答'))}
    </>
  );
}

/** The topic pages' sections (the battery topic): fixed pages, edited and published. */
export const topicDeskView = (
  slugs: ReadonlyMap<number, string>,
  options: () => Promise<TopicOptions>,
): DeskView<TopicEdit, TopicOptions> => ({
  base: '/studio/topics',
  words: { list: '专题页', create: '专题页', missing: '没有这个专题页' },
  publicPath: (id) => `/topic/${slugs.get(id) ?? ''}`,
  schema: topicEditSchema,
  fieldNames: {
    title: '页面标题',
    phone: '咨询电话',
    bannerTitle: '横幅标题',
    bannerSubtitle: '横幅副标题',
    introduceTitle: '方案介绍标题',
    introduceHtml: '方案介绍',
    hotProductIds: '热门产品',
    painPoints: '行业痛点',
    features: '方案特点',
    caseIds: '客户案例',
    pedagogy: '配套培训',
    faq: '常见问题',
  },
  richText: ['introduceHtml'],
  valuesOf: (data) => ({
    ...data,
    hotProductIds: data.hotProductIds.join(','),
    caseIds: data.caseIds.join(','),
    painPoints: asLines(data.painPoints, ['title', 'text']),
    features: asLines(data.features, ['title', 'text']),
    pedagogy: asLines(data.pedagogy, ['title', 'text']),
    faq: asLines(data.faq, ['question', 'answer']),
  }),
  options,
  Fields: TopicFields,
});

function InnovationFields({ values, errors }: { values: FormValues<InnovationEdit>; errors: Record<string, string> }) {
  const lines = (name: keyof InnovationEdit & string, label: string, hint: string) => (
    <Field name={name} label={label} value={values[name]} error={errors[name]} rows={6} optional hint={hint} />
  );
  return (
    <>
      <Field name="title" label="分类名称" value={values.title} error={errors.title} maxLength={20} />
      <Choice
        name="menuTemplateId"
        label="页面模板"
        value={values.menuTemplateId}
        error={errors.menuTemplateId}
        options={[
          { value: '1', label: '工程师实训（培养阶段、课程、实训设施）' },
          { value: '2', label: '创新应用（创新项目）' },
        ]}
      />
      <Field
        name="programmeTitle"
        label="项目标题"
        value={values.programmeTitle}
        error={errors.programmeTitle}
        maxLength={60}
      />
      <Field name="intro" label="项目简介" value={values.intro} error={errors.intro} rows={4} maxLength={1000} />
      <fieldset>
        <legend>工程师实训模板用</legend>
        {lines('stages', '培养阶段', linesHint('标题 | 说明'))}
        {lines('courses', '课程', linesHint('标题 | 学时 | 说明'))}
        {lines('facilities', '实训设施', linesHint('标题 | 说明'))}
      </fieldset>
      <fieldset>
        <legend>创新应用模板用</legend>
        {lines('projects', '创新项目', linesHint('标题 | 团队 | 说明 | 成果'))}
      </fieldset>
    </>
  );
}

/** Innovation training: a category (in the navigation) and its programme page. */
export const innovationDeskView: DeskView<InnovationEdit, undefined> = {
  base: '/studio/innovation',
  words: { list: '创新实训', create: '新建实训分类', missing: '没有这个实训分类' },
  publicPath: (id, data) => `/innovation-practice/${id}/${data.menuTemplateId}`,
  schema: innovationEditSchema,
  fieldNames: {
    title: '分类名称',
    menuTemplateId: '页面模板',
    programmeTitle: '项目标题',
    intro: '项目简介',
    stages: '培养阶段',
    courses: '课程',
    facilities: '实训设施',
    projects: '创新项目',
  },
  valuesOf: (data) => ({
    ...data,
    menuTemplateId: String(data.menuTemplateId),
    stages: asLines(data.stages, ['title', 'text']),
    courses: asLines(data.courses, ['title', 'hours', 'text']),
    facilities: asLines(data.facilities, ['title', 'text']),
    projects: asLines(data.projects, ['title', 'team', 'text', 'result']),
  }),
  options: async () => undefined,
  Fields: InnovationFields,
  listColumn: { label: '模板', value: (data) => (data.menuTemplateId === 1 ? '工程师实训' : '创新应用') },
};
