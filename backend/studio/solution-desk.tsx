import { SOLUTION_PRODUCT_ROWS, type SolutionEdit, solutionEditSchema } from '../../contract/catalogue-edits';
import { Checkbox, Choice, formValue, oneALine, rowNames } from './catalogue-fields';
import type { DeskView, FormValues } from './content-desk';
import { RichTextField } from './rich-text-field';
import { Field } from './studio-page';

type Values = FormValues<SolutionEdit>;
type ProductChoice = { id: number; label: string };

function SolutionFields({
  values,
  errors,
  options: products,
}: {
  values: Values;
  errors: Record<string, string>;
  options: ProductChoice[];
}) {
  return (
    <>
      <Field
        name="title"
        label="方案名称"
        value={values.title}
        error={errors.title}
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
      <Field name="summary" label="一句话介绍" value={values.summary} error={errors.summary} maxLength={200} rows={2} />
      <Checkbox name="common" label="常用方案" value={values.common} hint="页脚的常用解决方案中显示" />
      <Field
        name="painPoints"
        label="客户痛点"
        value={values.painPoints}
        error={errors.painPoints}
        rows={4}
        hint="每行一条"
      />
      <RichTextField
        name="contentHtml"
        label="方案介绍"
        value={values.contentHtml}
        error={errors.contentHtml}
        rows={12}
      />
      <fieldset>
        <legend>使用的产品</legend>
        {Array.from({ length: SOLUTION_PRODUCT_ROWS }, (_, row) => (
          <Choice
            key={row}
            name={`productIds.${row}`}
            label={`产品 ${row + 1}`}
            none="（不选）"
            value={formValue(values, `productIds.${row}`)}
            choices={products}
          />
        ))}
      </fieldset>
    </>
  );
}

/** Solutions in the studio: their text, pain points and the products they use. */
export const solutionDeskView = (
  products: () => Promise<ProductChoice[]>,
): DeskView<SolutionEdit, ProductChoice[]> => ({
  base: '/studio/solutions',
  words: { list: '解决方案', create: '添加解决方案', missing: '没有这个解决方案' },
  publicPath: (id) => `/solution/${id}`,
  schema: solutionEditSchema,
  fieldNames: {
    title: '方案名称',
    industry: '行业',
    summary: '一句话介绍',
    common: '常用方案',
    painPoints: '客户痛点',
    contentHtml: '方案介绍',
    productIds: '使用的产品',
    ...Object.fromEntries(
      Object.entries(rowNames('productIds', SOLUTION_PRODUCT_ROWS, { x: '使用的产品' })).map(([key, label]) => [
        key.replace(/\.x$/, ''),
        label,
      ]),
    ),
  },
  richText: ['contentHtml'],
  valuesOf: (data) =>
    ({
      title: data.title,
      industry: data.industry,
      summary: data.summary,
      common: data.common ? 'on' : '',
      painPoints: oneALine(data.painPoints),
      contentHtml: data.contentHtml,
      ...Object.fromEntries(data.productIds.map((id, row) => [`productIds.${row}`, String(id)])),
    }) as Values,
  options: products,
  Fields: SolutionFields,
  listColumn: { label: '行业', value: (data) => data.industry },
});
