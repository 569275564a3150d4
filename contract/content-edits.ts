import * as v from 'valibot';

/**
 * What the site's editors may save, per content kind: the shapes of
 * contract/content.ts (what pages render and the OpenAPI document describes),
 * with the rules a form needs and its messages in Chinese. Rich text is
 * sanitised on save (by the side that saves it) with the rules the pages apply
 * on output (rich-text.ts).
 */

export const line = (label: string, max: number) =>
  v.pipe(
    v.string(`请填写${label}`),
    v.trim(),
    v.minLength(1, `请填写${label}`),
    v.maxLength(max, `${label}不能超过 ${max} 个字`),
    v.regex(/^[^\p{Cc}]*$/u, `${label}不能含有控制字符`),
  );

/** A form's number field (a select's value), as text. */
export const chosenId = (message: string) =>
  v.pipe(v.string(message), v.regex(/^[1-9]\d{0,8}$/, message), v.transform(Number));

export const richText = (label: string, max: number) =>
  v.pipe(
    v.string(`请填写${label}`),
    v.maxLength(max, `${label}过长（不能超过 ${max} 个字符）`),
    v.check((html) => html.replace(/<[^>]*>|&nbsp;|\s/g, '').length > 0, `请填写${label}`),
  );

/** A date as the form's date field gives it, kept as the site's ISO date-time (10:00 Beijing time). */
export const publicationDate = v.pipe(
  v.string('请填写发布日期'),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, '发布日期格式为 年-月-日'),
  v.check((day) => !Number.isNaN(Date.parse(`${day}T10:00:00+08:00`)), '发布日期不是有效日期'),
  v.transform((day) => `${day}T10:00:00+08:00`),
);

/** A news item as an editor saves it: `newsDetailSchema` of contract/content.ts, less what the site gives it. */
export const newsEditSchema = v.object({
  categoryId: chosenId('请选择新闻分类'),
  title: line('标题', 80),
  summary: line('摘要', 300),
  source: line('来源', 40),
  publishedAt: publicationDate,
  contentHtml: richText('正文', 100_000),
});
export type NewsEdit = v.InferOutput<typeof newsEditSchema>;
