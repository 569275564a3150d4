import * as v from 'valibot';

/**
 * The portal's content as the portal API answers it and the pages render it.
 * One valibot schema per shape: the types are inferred from them, and the
 * OpenAPI document (contract/openapi.ts) is built from the same schemas, so the
 * published description cannot drift from what the code speaks. Rich text is
 * HTML, sanitised again whenever it is rendered; images are addresses.
 */

const id = v.pipe(v.number(), v.integer());
const text = v.string();
const titled = v.object({ title: text, text });

/** One page of a list, as every paged call answers it. */
export const pageOf = <const T extends v.GenericSchema>(item: T) =>
  v.object({ list: v.array(item), total: id, page: id, pageSize: id });
export type Page<T> = { list: T[]; total: number; page: number; pageSize: number };

export const productCategorySchema = v.object({ id, name: text });
export type ProductCategory = v.InferOutput<typeof productCategorySchema>;

export const productSummarySchema = v.object({
  id,
  /** The console's number for the product, used by chat cards: /product/{associationNo}. */
  associationNo: text,
  categoryId: id,
  name: text,
  /** One sentence for lists and cards. */
  summary: text,
  /** Among the footer's popular products and the home page highlights. */
  hot: v.boolean(),
});
export type ProductSummary = v.InferOutput<typeof productSummarySchema>;

/** One purchasable edition of a product, with its list price. */
export const editionSchema = v.object({
  id,
  name: text,
  /** Yuan in fen (1 yuan = 100 fen), to keep money exact. */
  priceFen: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** What the price is per, e.g. '年', '套', '台/年'. */
  unit: text,
  features: v.array(text),
});
export type Edition = v.InferOutput<typeof editionSchema>;

export const productSchema = v.object({
  ...productSummarySchema.entries,
  categoryName: text,
  descriptionHtml: text,
  highlights: v.array(titled),
  scenarios: v.array(text),
  editions: v.array(editionSchema),
});
export type Product = v.InferOutput<typeof productSchema>;

export const solutionSummarySchema = v.object({
  id,
  associationNo: text,
  title: text,
  industry: text,
  summary: text,
  /** Among the footer's common solutions. */
  common: v.boolean(),
});
export type SolutionSummary = v.InferOutput<typeof solutionSummarySchema>;

export const solutionSchema = v.object({
  ...solutionSummarySchema.entries,
  /** The customer's problems this solves. */
  painPoints: v.array(text),
  contentHtml: text,
  /** Products the solution uses. */
  productIds: v.array(id),
});
export type Solution = v.InferOutput<typeof solutionSchema>;

export const caseSummarySchema = v.object({
  id,
  title: text,
  customer: text,
  industry: text,
  summary: text,
  solutionId: v.nullable(id),
  /** ISO date. */
  publishedAt: text,
});
export type CaseSummary = v.InferOutput<typeof caseSummarySchema>;

export const caseDetailSchema = v.object({
  ...caseSummarySchema.entries,
  contentHtml: text,
  /** Measured outcomes, e.g. { label: '设备综合效率', value: '提升 18%' }. */
  results: v.array(v.object({ label: text, value: text })),
});
export type CaseDetail = v.InferOutput<typeof caseDetailSchema>;

export const newsCategorySchema = v.object({ id, title: text });
export type NewsCategory = v.InferOutput<typeof newsCategorySchema>;

export const newsSummarySchema = v.object({
  id,
  categoryId: id,
  title: text,
  summary: text,
  source: text,
  /** ISO date-time. */
  publishedAt: text,
});
export type NewsSummary = v.InferOutput<typeof newsSummarySchema>;

export const newsDetailSchema = v.object({ ...newsSummarySchema.entries, categoryTitle: text, contentHtml: text });
export type NewsDetail = v.InferOutput<typeof newsDetailSchema>;

/** Innovation training: a category uses one of two page templates (SPEC §3 innovationPracticeNav). */
export const innovationCategorySchema = v.object({
  id,
  title: text,
  /** 1: the gswe template, 2: the cxyy template. */
  menuTemplateId: v.picklist([1, 2]),
});
export type InnovationCategory = v.InferOutput<typeof innovationCategorySchema>;

/** A factory-style programme: stages, courses, facilities. */
export const gsweProgrammeSchema = v.object({
  categoryId: id,
  title: text,
  intro: text,
  stages: v.array(titled),
  courses: v.array(v.object({ id, title: text, hours: v.number(), text })),
  facilities: v.array(titled),
});
/** Innovation application: projects and their results. */
export const cxyyProgrammeSchema = v.object({
  categoryId: id,
  title: text,
  intro: text,
  projects: v.array(v.object({ id, title: text, team: text, text, result: text })),
});
export const PROGRAMME_TEMPLATES = ['gswe', 'cxyy'] as const;
export type ProgrammeTemplate = (typeof PROGRAMME_TEMPLATES)[number];
export type Programme<T extends ProgrammeTemplate = ProgrammeTemplate> = T extends 'gswe'
  ? v.InferOutput<typeof gsweProgrammeSchema>
  : v.InferOutput<typeof cxyyProgrammeSchema>;

/** The static pages made of anchored sections. */
export const SECTION_PAGES = ['partners', 'about'] as const;
export type SectionPage = (typeof SECTION_PAGES)[number];
/** A titled section of a static page, addressed by an anchor. */
export const pageSectionSchema = v.object({ anchor: text, title: text, html: text });
export type PageSection = v.InferOutput<typeof pageSectionSchema>;

export const helpArticleSummarySchema = v.object({ id, category: text, title: text });
export type HelpArticleSummary = v.InferOutput<typeof helpArticleSummarySchema>;
export const helpArticleSchema = v.object({ ...helpArticleSummarySchema.entries, contentHtml: text });
export type HelpArticle = v.InferOutput<typeof helpArticleSchema>;
/** The help article that is the privacy policy (SPEC §9). */
export const PRIVACY_POLICY_ID = 49;

export const infoSummarySchema = v.object({ id, title: text, summary: text, publishedAt: text });
export type InfoSummary = v.InferOutput<typeof infoSummarySchema>;
export const infoPageSchema = v.object({ ...infoSummarySchema.entries, contentHtml: text });
export type InfoPage = v.InferOutput<typeof infoPageSchema>;

export const filmSchema = v.object({
  id,
  year: id,
  /** URL-safe name: /propaganda-film/{year}/{name}. */
  name: text,
  title: text,
  description: text,
  /** Seconds. */
  duration: v.number(),
});
export type Film = v.InferOutput<typeof filmSchema>;

/** A topic landing page (/topic/{slug}), its sections by type (SPEC §2). */
export const topicSchema = v.object({
  slug: text,
  title: text,
  phone: text,
  banner: v.object({ title: text, subtitle: text }),
  /** Section type `introduce`: the solution overview (anchor `solution`). */
  introduce: v.object({ title: text, html: text }),
  /** Section type `hotProduct` (anchor `product`): product ids shown. */
  hotProductIds: v.array(id),
  /** Anchor `customer`. */
  painPoints: v.array(titled),
  /** Anchor `feature`. */
  features: v.array(titled),
  /** Anchor `case`: case ids. */
  caseIds: v.array(id),
  /** Section type `pedagogy`: training offered with the topic. */
  pedagogy: v.array(titled),
  /** Anchor `problem`. */
  faq: v.array(v.object({ question: text, answer: text })),
});
export type Topic = v.InferOutput<typeof topicSchema>;

/** The questionnaire's address (`/api/wjUrl`), or null when there is none. */
export const wjUrlSchema = v.object({ url: v.nullable(text) });
