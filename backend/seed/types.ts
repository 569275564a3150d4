/**
 * The shapes of the seed content: what a fresh `local` portal shows. Rich text is
 * HTML (sanitised again whenever it is rendered); images are paths under
 * `/media/` that the server draws as SVG (see host/media.ts).
 */

/** A product category of the product centre. */
export interface SeedProductCategory {
  id: number;
  name: string;
  sort: number;
}

/** One purchasable edition of a product, with its list price. */
export interface SeedEdition {
  name: string;
  /** Yuan, in fen (1 yuan = 100 fen), to keep money exact. */
  priceFen: number;
  /** What the price is per, e.g. '年', '套', '台/年'. */
  unit: string;
  features: string[];
}

export interface SeedProduct {
  id: number;
  /** The console's number for the product, used in chat cards: /product/{associationNo}. */
  associationNo: string;
  categoryId: number;
  name: string;
  /** One sentence for lists and cards. */
  summary: string;
  /** Longer HTML for the detail page. */
  descriptionHtml: string;
  /** Three to five short selling points. */
  highlights: Array<{ title: string; text: string }>;
  /** Typical uses, a sentence each. */
  scenarios: string[];
  editions: SeedEdition[];
  /** Listed among the footer's popular products and the home page highlights. */
  hot: boolean;
  sort: number;
}

export interface SeedSolution {
  id: number;
  associationNo: string;
  title: string;
  industry: string;
  summary: string;
  /** The customer's problems this solves. */
  painPoints: string[];
  contentHtml: string;
  /** Ids of products the solution uses. */
  productIds: number[];
  /** Listed among the footer's common solutions. */
  common: boolean;
  sort: number;
}

export interface SeedCase {
  id: number;
  title: string;
  /** A fictional customer company. */
  customer: string;
  industry: string;
  summary: string;
  contentHtml: string;
  /** Two to four measured outcomes, e.g. { label: '设备综合效率', value: '提升 18%' }. */
  results: Array<{ label: string; value: string }>;
  solutionId: number | null;
  /** ISO date. */
  publishedAt: string;
}

export interface SeedNewsCategory {
  id: number;
  title: string;
  sort: number;
}

export interface SeedNews {
  id: number;
  categoryId: number;
  title: string;
  summary: string;
  contentHtml: string;
  source: string;
  /** ISO date-time. */
  publishedAt: string;
}

/**
 * Innovation training. A category uses one of two page templates: `gswe` (a
 * factory-style programme: stages, courses, facilities) or `cxyy` (innovation
 * application: projects and results).
 */
export interface SeedInnovationCategory {
  id: number;
  title: string;
  /** 1 = gswe, 2 = cxyy. */
  menuTemplateId: 1 | 2;
  sort: number;
}

export interface SeedGsweProgramme {
  categoryId: number;
  title: string;
  intro: string;
  stages: Array<{ title: string; text: string }>;
  courses: Array<{ id: number; title: string; hours: number; text: string }>;
  facilities: Array<{ title: string; text: string }>;
}

export interface SeedCxyyProgramme {
  categoryId: number;
  title: string;
  intro: string;
  projects: Array<{ id: number; title: string; team: string; text: string; result: string }>;
}

/** A titled section of a static page, addressed by an anchor. */
export interface SeedSection {
  anchor: string;
  title: string;
  html: string;
}

export interface SeedHelpArticle {
  id: number;
  category: string;
  title: string;
  contentHtml: string;
  sort: number;
}

export interface SeedInfoPage {
  id: number;
  title: string;
  summary: string;
  contentHtml: string;
  publishedAt: string;
}

export interface SeedFilm {
  id: number;
  year: number;
  /** URL-safe name: /propaganda-film/{year}/{name}. */
  name: string;
  title: string;
  description: string;
  /** Seconds. */
  duration: number;
}

export interface SeedFriendlyLink {
  id: number;
  name: string;
  url: string;
  sort: number;
}

export interface SeedFooter {
  title1: string;
  title2: string;
  serviceHotline: string;
  complaintHotline: string;
  serviceTime: string;
  address: string;
  copyright: string;
  icp: string;
  /** Public-security filing: text and link. */
  publicSecurity: { text: string; url: string };
}

/** The battery topic page (/topic/battery). */
export interface SeedTopic {
  slug: string;
  title: string;
  phone: string;
  banner: { title: string; subtitle: string };
  /** Section type `introduce`: the solution overview (anchor `solution`). */
  introduce: { title: string; html: string };
  /** Section type `hotProduct` (anchor `product`): product ids shown. */
  hotProductIds: number[];
  /** Anchor `customer`. */
  painPoints: Array<{ title: string; text: string }>;
  /** Anchor `feature`. */
  features: Array<{ title: string; text: string }>;
  /** Anchor `case`: case ids. */
  caseIds: number[];
  /** Section type `pedagogy`: training offered with the topic. */
  pedagogy: Array<{ title: string; text: string }>;
  /** Anchor `problem`. */
  faq: Array<{ question: string; answer: string }>;
}

/** An agreement a user must confirm after sign-in (SPEC §3). */
export interface SeedAgreement {
  /** The scene code sent back as `sceneCode` when confirming. */
  code: string;
  templateVersion: string;
  title: string;
  contentHtml: string;
}
