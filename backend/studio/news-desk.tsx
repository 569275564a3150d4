import type { NewsCategory } from '../../contract/content';
import { type NewsEdit, newsEditSchema } from '../../contract/content-edits';
import type { DeskView, FormValues } from './content-desk';
import { RichTextField } from './rich-text-field';
import { Field } from './studio-page';

type Values = FormValues<NewsEdit>;

function NewsFields({
  values,
  errors,
  options: categories,
}: {
  values: Values;
  errors: Record<string, string>;
  options: NewsCategory[];
}) {
  return (
    <>
      <label htmlFor="field-categoryId">分类</label>
      <select
        id="field-categoryId"
        name="categoryId"
        defaultValue={values.categoryId}
        aria-invalid={errors.categoryId ? true : undefined}
        aria-describedby={errors.categoryId ? 'field-categoryId-error' : undefined}
      >
        <option value="">请选择</option>
        {categories.map((category) => (
          <option key={category.id} value={String(category.id)}>
            {category.title}
          </option>
        ))}
      </select>
      {errors.categoryId && (
        <p className="field-error" id="field-categoryId-error">
          {errors.categoryId}
        </p>
      )}
      <Field name="title" label="标题" value={values.title} error={errors.title} maxLength={80} autoComplete="off" />
      <Field
        name="summary"
        label="摘要"
        value={values.summary}
        error={errors.summary}
        maxLength={300}
        rows={3}
        hint="列表和分享卡片上显示，300 字以内"
      />
      <Field name="source" label="来源" value={values.source} error={errors.source} maxLength={40} autoComplete="off" />
      <Field name="publishedAt" label="发布日期" type="date" value={values.publishedAt} error={errors.publishedAt} />
      <RichTextField name="contentHtml" label="正文" value={values.contentHtml} error={errors.contentHtml} />
    </>
  );
}

/** News in the studio: filed under a category, dated, with an HTML body. */
export const newsDeskView = (categories: () => Promise<NewsCategory[]>): DeskView<NewsEdit, NewsCategory[]> => ({
  base: '/studio/news',
  words: { list: '新闻', create: '写新闻', missing: '没有这条新闻' },
  publicPath: (id) => `/news/${id}`,
  schema: newsEditSchema,
  fieldNames: {
    categoryId: '分类',
    title: '标题',
    summary: '摘要',
    source: '来源',
    publishedAt: '发布日期',
    contentHtml: '正文',
  },
  richText: ['contentHtml'],
  valuesOf: (data) => ({ ...data, categoryId: String(data.categoryId), publishedAt: data.publishedAt.slice(0, 10) }),
  newValues: () => ({ publishedAt: new Date().toISOString().slice(0, 10) }),
  options: categories,
  Fields: NewsFields,
  listColumn: { label: '发布日期', value: (data) => data.publishedAt.slice(0, 10) },
});
