import * as v from 'valibot';
import {
  cxyyProgrammeSchema,
  editionSchema,
  filmSchema,
  gsweProgrammeSchema,
  innovationCategorySchema,
  pageSectionSchema,
  topicSchema,
} from '../../contract/content';

/**
 * The shapes of the seed content: what a fresh `local` portal shows, as the
 * files under seed/content/ write it (checked as they are read). Rich text is
 * HTML, sanitised again whenever it is rendered; images are paths under
 * `/media/` that the host draws as SVG (see host/media.ts).
 */

const id = v.pipe(v.number(), v.integer(), v.minValue(1));
const sort = v.pipe(v.number(), v.integer());
const text = v.string();
const titled = v.object({ title: text, text });
/** An ISO date, or date and time with its offset. */
const isoDate = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+([+-]\d{2}:\d{2}|Z))?$/, 'not an ISO date'));

export const seedProductCategory = v.object({ id, name: text, sort });
export type SeedProductCategory = v.InferOutput<typeof seedProductCategory>;

/** One purchasable edition of a product, with its list price (its id is given as it is stored). */
export const seedEdition = v.omit(editionSchema, ['id']);
export type SeedEdition = v.InferOutput<typeof seedEdition>;

export const seedProduct = v.object({
  id,
  /** The console's number for the product, used in chat cards: /product/{associationNo}. */
  associationNo: text,
  categoryId: id,
  name: text,
  /** One sentence for lists and cards. */
  summary: text,
  /** Longer HTML for the detail page (the file's body). */
  descriptionHtml: text,
  /** Three to five short selling points. */
  highlights: v.array(titled),
  /** Typical uses, a sentence each. */
  scenarios: v.array(text),
  editions: v.array(seedEdition),
  /** Listed among the footer's popular products and the home page highlights. */
  hot: v.boolean(),
  sort,
});
export type SeedProduct = v.InferOutput<typeof seedProduct>;

export const seedSolution = v.object({
  id,
  associationNo: text,
  title: text,
  industry: text,
  summary: text,
  /** The customer's problems this solves. */
  painPoints: v.array(text),
  contentHtml: text,
  /** Ids of products the solution uses. */
  productIds: v.array(id),
  /** Listed among the footer's common solutions. */
  common: v.boolean(),
  sort,
});
export type SeedSolution = v.InferOutput<typeof seedSolution>;

export const seedCase = v.object({
  id,
  title: text,
  /** A fictional customer company. */
  customer: text,
  industry: text,
  summary: text,
  contentHtml: text,
  /** Two to four measured outcomes, e.g. { label: '设备综合效率', value: '提升 18%' }. */
  results: v.array(v.object({ label: text, value: text })),
  solutionId: v.nullable(id),
  publishedAt: isoDate,
});
export type SeedCase = v.InferOutput<typeof seedCase>;

export const seedNewsCategory = v.object({ id, title: text, sort });
export type SeedNewsCategory = v.InferOutput<typeof seedNewsCategory>;

export const seedNews = v.object({
  id,
  categoryId: id,
  title: text,
  summary: text,
  contentHtml: text,
  source: text,
  publishedAt: isoDate,
});
export type SeedNews = v.InferOutput<typeof seedNews>;

/** Innovation training: a category uses the `gswe` (1) or `cxyy` (2) page template. */
export const seedInnovationCategory = v.object({ ...innovationCategorySchema.entries, sort });
export type SeedInnovationCategory = v.InferOutput<typeof seedInnovationCategory>;
export type SeedGsweProgramme = v.InferOutput<typeof gsweProgrammeSchema>;
export type SeedCxyyProgramme = v.InferOutput<typeof cxyyProgrammeSchema>;
export { cxyyProgrammeSchema as seedCxyyProgramme, gsweProgrammeSchema as seedGsweProgramme };

/** A titled section of a static page, addressed by an anchor. */
export const seedSection = pageSectionSchema;
export type SeedSection = v.InferOutput<typeof seedSection>;

export const seedHelpArticle = v.object({ id, category: text, title: text, contentHtml: text, sort });
export type SeedHelpArticle = v.InferOutput<typeof seedHelpArticle>;

export const seedInfoPage = v.object({ id, title: text, summary: text, contentHtml: text, publishedAt: isoDate });
export type SeedInfoPage = v.InferOutput<typeof seedInfoPage>;

export const seedFilm = filmSchema;
export type SeedFilm = v.InferOutput<typeof seedFilm>;

export const seedFriendlyLink = v.object({ id, name: text, url: v.pipe(v.string(), v.url()), sort });
export type SeedFriendlyLink = v.InferOutput<typeof seedFriendlyLink>;

export const seedFooter = v.object({
  title1: text,
  title2: text,
  serviceHotline: text,
  complaintHotline: text,
  serviceTime: text,
  address: text,
  copyright: text,
  icp: text,
  /** Public-security filing: text and link. */
  publicSecurity: v.object({ text, url: v.pipe(v.string(), v.url()) }),
});
export type SeedFooter = v.InferOutput<typeof seedFooter>;

/** The battery topic page (/topic/battery). */
export const seedTopic = topicSchema;
export type SeedTopic = v.InferOutput<typeof seedTopic>;

/** An agreement a user must confirm after sign-in (SPEC §3). */
export const seedAgreement = v.object({
  /** The scene code sent back as `sceneCode` when confirming. */
  code: text,
  templateVersion: text,
  title: text,
  contentHtml: text,
});
export type SeedAgreement = v.InferOutput<typeof seedAgreement>;
