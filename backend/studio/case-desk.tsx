import { type CaseEdit, caseEditSchema } from '../../contract/catalogue-edits';
import { Choice, oneALine } from './catalogue-fields';
import type { DeskView, FormValues } from './content-desk';
import { RichTextField } from './rich-text-field';
import { Field } from './studio-page';

type Values = FormValues<CaseEdit>;
type SolutionChoice = { id: number; label: string };

function CaseFields({
  values,
  errors,
  options: solutions,
}: {
  values: Values;
  errors: Record<string, string>;
  options: SolutionChoice[];
}) {
  return (
    <>
      <Field name="title" label="标题" value={values.title} error={errors.title} maxLength={80} autoComplete="off" />
      <Field
        name="customer"
        label="客户"
        value={values.customer}
        error={errors.customer}
        maxLength={60}
        autoComplete="off"
      />
      <Field
        name="industry"
        label="行业"
        value={values.industry}
        error={errors.industry}
        maxLength={20}
        autoComplete="off"
      />
      <Field name="summary" label="摘要" value={values.summary} error={errors.summary} maxLength={300} rows={3} />
      <Choice
        name="solutionId"
        label="采用的方案"
        none="（无）"
        value={values.solutionId}
        error={errors.solutionId}
        choices={solutions}
      />
      <Field name="publishedAt" label="发布日期" type="date" value={values.publishedAt} error={errors.publishedAt} />
      <Field
        name="results"
        label="成效"
        value={values.results}
        error={errors.results}
        rows={4}
        hint="每行一条，写成“指标：结果”，如 设备综合效率：提升 18%"
      />
      <RichTextField name="contentHtml" label="正文" value={values.contentHtml} error={errors.contentHtml} rows={12} />
    </>
  );
}

/** Cases in the studio: a customer's story, its results, and the solution it used. */
export const caseDeskView = (solutions: () => Promise<SolutionChoice[]>): DeskView<CaseEdit, SolutionChoice[]> => ({
  base: '/studio/cases',
  words: { list: '客户案例', create: '添加案例', missing: '没有这个案例' },
  publicPath: (id) => `/cases/${id}`,
  schema: caseEditSchema,
  fieldNames: {
    title: '标题',
    customer: '客户',
    industry: '行业',
    summary: '摘要',
    solutionId: '采用的方案',
    publishedAt: '发布日期',
    contentHtml: '正文',
    results: '成效',
  },
  richText: ['contentHtml'],
  valuesOf: (data) => ({
    title: data.title,
    customer: data.customer,
    industry: data.industry,
    summary: data.summary,
    solutionId: data.solutionId === null ? '' : String(data.solutionId),
    publishedAt: data.publishedAt.slice(0, 10),
    contentHtml: data.contentHtml,
    results: oneALine(data.results.map((result) => `${result.label}：${result.value}`)),
  }),
  newValues: () => ({ publishedAt: new Date().toISOString().slice(0, 10) }),
  options: solutions,
  Fields: CaseFields,
  listColumn: { label: '发布日期', value: (data) => data.publishedAt.slice(0, 10) },
});
