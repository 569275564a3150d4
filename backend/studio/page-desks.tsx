import { SECTION_PAGES } from '../../contract/content';
import {
  type FilmEdit,
  type FriendlyLinkEdit,
  filmEditSchema,
  friendlyLinkEditSchema,
  type HelpArticleEdit,
  helpArticleEditSchema,
  type InfoPageEdit,
  infoPageEditSchema,
  type NewsCategoryEdit,
  newsCategoryEditSchema,
  type PageSectionEdit,
  pageSectionEditSchema,
} from '../../contract/content-edits';
import type { DeskView, FormValues } from './content-desk';
import { Choice } from './page-fields';
import { RichTextField } from './rich-text-field';
import { Field } from './studio-page';

type FieldsProps<T> = { values: FormValues<T>; errors: Record<string, string> };

const noOptions = async () => undefined;

/** News categories: in every page's navigation and at /news/type/{id}. */
export const newsCategoryDeskView: DeskView<NewsCategoryEdit, undefined> = {
  base: '/studio/news-categories',
  words: { list: '新闻分类', create: '新建新闻分类', missing: '没有这个新闻分类' },
  publicPath: (id) => `/news/type/${id}`,
  schema: newsCategoryEditSchema,
  fieldNames: { title: '分类名称' },
  valuesOf: (data) => ({ ...data }),
  options: noOptions,
  Fields: ({ values, errors }: FieldsProps<NewsCategoryEdit>) => (
    <Field
      name="title"
      label="分类名称"
      value={values.title}
      error={errors.title}
      maxLength={20}
      hint="显示在导航和新闻列表的分类中"
    />
  ),
};

/** Help articles at /help?id=; the privacy policy (49) among them. */
export const helpDeskView: DeskView<HelpArticleEdit, undefined> = {
  base: '/studio/help',
  words: { list: '帮助文章', create: '写帮助文章', missing: '没有这篇帮助文章' },
  publicPath: (id) => `/help?id=${id}`,
  schema: helpArticleEditSchema,
  fieldNames: { category: '栏目', title: '标题', contentHtml: '正文' },
  richText: ['contentHtml'],
  valuesOf: (data) => ({ ...data }),
  options: noOptions,
  Fields: ({ values, errors }: FieldsProps<HelpArticleEdit>) => (
    <>
      <Field
        name="category"
        label="栏目"
        value={values.category}
        error={errors.category}
        maxLength={20}
        hint="帮助中心左侧的分组，如“账号与登录”"
      />
      <Field name="title" label="标题" value={values.title} error={errors.title} maxLength={60} />
      <RichTextField name="contentHtml" label="正文" value={values.contentHtml} error={errors.contentHtml} />
    </>
  ),
  listColumn: { label: '栏目', value: (data) => data.category },
};

/** Information pages: /info and /info/{id}. */
export const infoDeskView: DeskView<InfoPageEdit, undefined> = {
  base: '/studio/info',
  words: { list: '信息公开', create: '写信息公开', missing: '没有这篇信息公开' },
  publicPath: (id) => `/info/${id}`,
  schema: infoPageEditSchema,
  fieldNames: { title: '标题', summary: '摘要', publishedAt: '发布日期', contentHtml: '正文' },
  richText: ['contentHtml'],
  valuesOf: (data) => ({ ...data, publishedAt: data.publishedAt.slice(0, 10) }),
  newValues: () => ({ publishedAt: new Date().toISOString().slice(0, 10) }),
  options: noOptions,
  Fields: ({ values, errors }: FieldsProps<InfoPageEdit>) => (
    <>
      <Field name="title" label="标题" value={values.title} error={errors.title} maxLength={80} />
      <Field name="summary" label="摘要" value={values.summary} error={errors.summary} maxLength={300} rows={3} />
      <Field name="publishedAt" label="发布日期" type="date" value={values.publishedAt} error={errors.publishedAt} />
      <RichTextField name="contentHtml" label="正文" value={values.contentHtml} error={errors.contentHtml} />
    </>
  ),
  listColumn: { label: '发布日期', value: (data) => data.publishedAt.slice(0, 10) },
};

const PAGE_NAMES: Record<(typeof SECTION_PAGES)[number], string> = { about: '关于我们', partners: '生态合作' };

/** The sections of the about and partners pages (partners: where the home page's partners come from too). */
export const sectionDeskView: DeskView<PageSectionEdit, undefined> = {
  base: '/studio/sections',
  words: { list: '关于我们与生态合作', create: '新建栏目', missing: '没有这个栏目' },
  publicPath: (_id, data) => `/${data.page}#${data.anchor}`,
  shownOn: '页面中的一节',
  schema: pageSectionEditSchema,
  fieldNames: { page: '页面', anchor: '锚点', title: '标题', html: '内容' },
  richText: ['html'],
  valuesOf: (data) => ({ ...data }),
  options: noOptions,
  Fields: ({ values, errors }: FieldsProps<PageSectionEdit>) => (
    <>
      <Choice
        name="page"
        label="页面"
        value={values.page}
        error={errors.page}
        options={SECTION_PAGES.map((page) => ({ value: page, label: `${PAGE_NAMES[page]}（/${page}）` }))}
      />
      <Field
        name="anchor"
        label="锚点"
        value={values.anchor}
        error={errors.anchor}
        maxLength={40}
        autoComplete="off"
        hint="地址中 # 后的名字，如 contact；同一页面内不能重复"
      />
      <Field name="title" label="标题" value={values.title} error={errors.title} maxLength={40} />
      <RichTextField name="html" label="内容" value={values.html} error={errors.html} />
    </>
  ),
  listColumn: { label: '页面', value: (data) => PAGE_NAMES[data.page] },
};

/** Films at /propaganda-film/{year}/{name}. */
export const filmDeskView: DeskView<FilmEdit, undefined> = {
  base: '/studio/films',
  words: { list: '宣传片', create: '添加宣传片', missing: '没有这部宣传片' },
  publicPath: (_id, data) => `/propaganda-film/${data.year}/${data.name}`,
  schema: filmEditSchema,
  fieldNames: { year: '年份', name: '地址名', title: '标题', description: '简介', duration: '时长' },
  valuesOf: (data) => ({ ...data, year: String(data.year), duration: String(data.duration) }),
  newValues: () => ({ year: String(new Date().getFullYear()) }),
  options: noOptions,
  Fields: ({ values, errors }: FieldsProps<FilmEdit>) => (
    <>
      <Field name="year" label="年份" value={values.year} error={errors.year} maxLength={4} autoComplete="off" />
      <Field
        name="name"
        label="地址名"
        value={values.name}
        error={errors.name}
        maxLength={60}
        autoComplete="off"
        hint="地址 /propaganda-film/年份/地址名 中的名字，如 brand-2026；视频文件同名"
      />
      <Field name="title" label="标题" value={values.title} error={errors.title} maxLength={60} />
      <Field
        name="description"
        label="简介"
        value={values.description}
        error={errors.description}
        maxLength={500}
        rows={4}
      />
      <Field
        name="duration"
        label="时长（秒）"
        value={values.duration}
        error={errors.duration}
        maxLength={5}
        autoComplete="off"
      />
    </>
  ),
  listColumn: { label: '年份', value: (data) => String(data.year) },
};

/** The footer's friendly links, on every page. */
export const friendlyLinkDeskView: DeskView<FriendlyLinkEdit, undefined> = {
  base: '/studio/links',
  words: { list: '友情链接', create: '添加友情链接', missing: '没有这个友情链接' },
  publicPath: () => '/',
  shownOn: '每个页面的页脚',
  preview: false,
  schema: friendlyLinkEditSchema,
  fieldNames: { name: '名称', url: '网址' },
  valuesOf: (data) => ({ ...data }),
  options: noOptions,
  Fields: ({ values, errors }: FieldsProps<FriendlyLinkEdit>) => (
    <>
      <Field name="name" label="名称" value={values.name} error={errors.name} maxLength={40} />
      <Field
        name="url"
        label="网址"
        value={values.url}
        error={errors.url}
        maxLength={500}
        autoComplete="off"
        hint="以 http:// 或 https:// 开头"
      />
    </>
  ),
  listColumn: { label: '网址', value: (data) => data.url },
};
