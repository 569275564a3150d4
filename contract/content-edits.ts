import * as v from 'valibot';
import { SECTION_PAGES } from './content';

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

/* The site's pages and common data (news categories, help, info, page sections, films, links, topics, innovation). */

/** A web address visitors may follow: http or https only (no `javascript:`), at most 500 characters. */
const webAddress = (label: string) =>
  v.pipe(
    line(label, 500),
    v.check((url) => {
      try {
        return ['http:', 'https:'].includes(new URL(url).protocol);
      } catch {
        return false;
      }
    }, `${label}须以 http:// 或 https:// 开头`),
  );

/** An image's address: a path on this site (`/media/...`) or an http(s) address; empty for the site's default. */
const imageAddress = (label: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(500, `${label}不能超过 500 个字`),
    v.check(
      (url) => url === '' || /^\/(?!\/)[^\s\\]*$/.test(url) || /^https?:\/\/[^\s\\]+$/i.test(url),
      `${label}须是本站路径（以 / 开头）或以 http:// 或 https:// 开头`,
    ),
  );

/** A whole number typed into a form, within bounds. */
const wholeNumber = (label: string, min: number, max: number) =>
  v.pipe(
    v.string(`请填写${label}`),
    v.trim(),
    v.regex(/^\d{1,9}$/, `${label}须是整数`),
    v.transform(Number),
    v.minValue(min, `${label}不能小于 ${min}`),
    v.maxValue(max, `${label}不能大于 ${max}`),
  );

/** Items chosen by check boxes: none, one (text) or several (a list); kept as ids. */
const chosenIds = (message: string) =>
  v.pipe(
    v.optional(v.union([v.string(), v.array(v.string())], message), []),
    v.transform((value) => (Array.isArray(value) ? value : value.split(',')).filter(Boolean)),
    v.array(v.pipe(v.string(), v.regex(/^[1-9]\d{0,8}$/, message), v.transform(Number))),
  );

/**
 * A list typed one item a line, its parts split by `|`: how the forms take the
 * lists inside an item (a topic's pain points, a programme's courses). Each line
 * must have `parts` parts; empty lines are skipped.
 */
const linesOf = <const K extends string>(label: string, parts: readonly K[], max = 30) =>
  v.pipe(
    v.optional(v.string(), ''),
    v.maxLength(20_000, `${label}过长`),
    v.transform((typed) =>
      typed
        .split(/\r?\n/)
        .map((row) => row.trim())
        .filter(Boolean)
        .map((row) => row.split('|').map((part) => part.trim())),
    ),
    v.check((rows) => rows.length <= max, `${label}最多 ${max} 项`),
    v.check(
      (rows) => rows.every((row) => row.length === parts.length && row.every(Boolean)),
      parts.length === 1 ? `${label}每行一项` : `${label}每行 ${parts.length} 段，用 | 分开，每段都要填写`,
    ),
    v.check((rows) => rows.every((row) => !row.some((part) => /\p{Cc}/u.test(part))), `${label}不能含有控制字符`),
    v.transform((rows) =>
      rows.map((row) => Object.fromEntries(parts.map((part, i) => [part, row[i] ?? ''])) as Record<K, string>),
    ),
  );

/** A news category: `newsCategorySchema`'s title. */
export const newsCategoryEditSchema = v.object({ title: line('分类名称', 20) });
export type NewsCategoryEdit = v.InferOutput<typeof newsCategoryEditSchema>;

/** A help article: `helpArticleSchema`, less its id. */
export const helpArticleEditSchema = v.object({
  category: line('栏目', 20),
  title: line('标题', 60),
  contentHtml: richText('正文', 100_000),
});
export type HelpArticleEdit = v.InferOutput<typeof helpArticleEditSchema>;

/** An information page: `infoPageSchema`, less its id. */
export const infoPageEditSchema = v.object({
  title: line('标题', 80),
  summary: line('摘要', 300),
  publishedAt: publicationDate,
  contentHtml: richText('正文', 100_000),
});
export type InfoPageEdit = v.InferOutput<typeof infoPageEditSchema>;

/** A section of the about or partners page: `pageSectionSchema` and the page it is on. */
export const pageSectionEditSchema = v.object({
  page: v.picklist(SECTION_PAGES, '请选择页面'),
  anchor: v.pipe(
    v.string('请填写锚点'),
    v.trim(),
    v.regex(/^[a-z][a-z0-9-]{0,39}$/, '锚点只能用小写字母、数字和连字符，以字母开头，40 个字符以内'),
  ),
  title: line('标题', 40),
  html: richText('内容', 100_000),
});
export type PageSectionEdit = v.InferOutput<typeof pageSectionEditSchema>;

/** A film: `filmSchema`, less its id. */
export const filmEditSchema = v.object({
  year: wholeNumber('年份', 2000, 2100),
  name: v.pipe(
    v.string('请填写地址名'),
    v.trim(),
    v.regex(/^[a-z0-9][a-z0-9-]{0,59}$/, '地址名只能用小写字母、数字和连字符，60 个字符以内'),
  ),
  title: line('标题', 60),
  description: line('简介', 500),
  duration: wholeNumber('时长（秒）', 1, 36_000),
});
export type FilmEdit = v.InferOutput<typeof filmEditSchema>;

/** A friendly link of the footer: `friendlyLinkAnswer`, less its id. */
export const friendlyLinkEditSchema = v.object({ name: line('名称', 40), url: webAddress('网址') });
export type FriendlyLinkEdit = v.InferOutput<typeof friendlyLinkEditSchema>;

/**
 * The common data of every page (`pageCommonAnswer`): the footer's popular
 * products and common solutions (chosen), the logo and the footer's photos
 * (addresses; empty for the site's own), titles, hotline, service time, address.
 */
export const commonDataEditSchema = v.object({
  hotProductIds: chosenIds('请选择产品'),
  commonSolutionIds: chosenIds('请选择方案'),
  logo: imageAddress('标志图片'),
  photo1: imageAddress('页脚图片一'),
  title1: line('图片一说明', 30),
  photo2: imageAddress('页脚图片二'),
  title2: line('图片二说明', 30),
  serviceHotline: v.pipe(line('服务热线', 30), v.regex(/^[\d\s()+-]+$/, '服务热线只能含数字、空格、括号、+ 和 -')),
  serviceTime: line('服务时间', 60),
  address: line('地址', 100),
});
export type CommonDataEdit = v.InferOutput<typeof commonDataEditSchema>;

/** A topic page's sections: `topicSchema`, less its slug (its address stays). */
export const topicEditSchema = v.object({
  title: line('页面标题', 60),
  phone: v.pipe(line('咨询电话', 30), v.regex(/^[\d\s()+-]+$/, '咨询电话只能含数字、空格、括号、+ 和 -')),
  bannerTitle: line('横幅标题', 60),
  bannerSubtitle: line('横幅副标题', 120),
  introduceTitle: line('方案介绍标题', 40),
  introduceHtml: richText('方案介绍', 100_000),
  hotProductIds: chosenIds('请选择产品'),
  painPoints: linesOf('行业痛点', ['title', 'text']),
  features: linesOf('方案特点', ['title', 'text']),
  caseIds: chosenIds('请选择案例'),
  pedagogy: linesOf('配套培训', ['title', 'text']),
  faq: linesOf('常见问题', ['question', 'answer']),
});
export type TopicEdit = v.InferOutput<typeof topicEditSchema>;

/**
 * An innovation training category and its programme (`innovationCategorySchema`
 * with `gsweProgrammeSchema` or `cxyyProgrammeSchema`): the template chooses
 * which lists the page shows.
 */
export const innovationEditSchema = v.object({
  title: line('分类名称', 20),
  menuTemplateId: v.pipe(
    v.picklist(['1', '2'], '请选择页面模板'),
    v.transform((value) => (value === '1' ? 1 : 2) as 1 | 2),
  ),
  programmeTitle: line('项目标题', 60),
  intro: line('项目简介', 1000),
  stages: linesOf('培养阶段', ['title', 'text']),
  courses: v.pipe(
    linesOf('课程', ['title', 'hours', 'text']),
    v.check((rows) => rows.every((row) => /^\d{1,3}(\.\d)?$/.test(row.hours)), '课程的学时须是数字（如 16 或 1.5）'),
  ),
  facilities: linesOf('实训设施', ['title', 'text']),
  projects: linesOf('创新项目', ['title', 'team', 'text', 'result']),
});
export type InnovationEdit = v.InferOutput<typeof innovationEditSchema>;
