import * as v from 'valibot';
import { chatCard } from './chat';
import { innovationCategorySchema } from './content';
import { ORDER_NO_PATTERN, ORDER_STATUSES } from './order';

/**
 * The API's answers that are not content (contract/content.ts holds those): one
 * valibot schema each. The contract's types are inferred from them, and the
 * OpenAPI document's components are generated from the same schemas
 * (contract/openapi-components.ts), so the two cannot drift apart.
 */

const int = v.pipe(v.number(), v.integer());
const text = v.string();

/** Every failure: `{code, msg, status}` with the HTTP status (SPEC §3). */
export const failureAnswer = v.object({ code: text, msg: text, status: int });

/** The data every page's chrome shows (`pageCommonDTO`, SPEC §3). */
export const pageCommonAnswer = v.object({
  commonHotProductSingleDTO: v.object({
    commonHotProductDTOList: v.array(v.object({ id: int, productName: text, productId: int })),
  }),
  commonSolutionSingleDTO: v.object({ solutionDTOList: v.array(v.object({ id: int, title: text })) }),
  innovationPracticeNav: v.array(innovationCategorySchema),
  newsCategoryDTOList: v.array(v.object({ id: int, title: text })),
  logoDTO: v.object({ photo: text }),
  footerCommonDTO: v.object({
    photo1: text,
    title1: text,
    photo2: text,
    title2: text,
    serviceHotline: text,
    serviceTime: text,
    address: text,
  }),
  /** Whether the navigation starts open. */
  navStatus: v.boolean(),
});

/** A footer friendly link (SPEC §3). */
export const friendlyLinkAnswer = v.object({ id: int, name: text, url: v.pipe(text, v.url()) });

/** An agreement the signed-in customer has still to confirm. */
export const agreementAnswer = v.object({ code: text, templateVersion: text, title: text, content: text });

/** The order as the API answers it. */
export const orderAnswer = v.object({
  orderNo: v.pipe(text, v.regex(ORDER_NO_PATTERN)),
  companyId: int,
  companyName: text,
  productId: int,
  productName: text,
  editionId: int,
  editionName: text,
  unit: text,
  unitPriceFen: int,
  quantity: int,
  totalFen: int,
  contactName: text,
  contactPhone: text,
  remark: text,
  status: v.picklist(ORDER_STATUSES),
  createdAt: text,
  /** When the status last changed (the order's `createdAt` until staff move it); a remote back-end may leave it out. */
  statusChangedAt: v.optional(text),
});

/** The account service's tokens (SPEC §7): `expiresIn` in seconds. */
export const tokensAnswer = v.object({ accessToken: text, refreshToken: text, expiresIn: int });

/** Who is signed in, as the account service's user info calls answer (SPEC §3). */
export const userInfoAnswer = v.object({
  name: text,
  userName: text,
  headImg: text,
  mobile: text,
  companyId: v.nullable(int),
  companyName: v.nullable(text),
  potalStatus: v.boolean(),
});

/** Who the signed-in visitor is, as the account service says (sent to the agent once, SPEC §4). */
export const visitorMetadataAnswer = v.object({ name: text, mobile: text });

/** A chat message as the widgets and the agent inbox receive it. */
export const chatMessageAnswer = v.object({
  id: int,
  conversationId: int,
  sender: v.picklist(['visitor', 'agent']),
  kind: v.picklist(['text', 'card', 'metadata']),
  text: v.optional(text),
  card: v.optional(chatCard),
  metadata: v.optional(visitorMetadataAnswer),
  clientId: v.nullable(text),
  createdAt: int,
});

/** A chat card as the console keeps it (SPEC §3): type 1 product, 2 solution. */
export const consoleChatCardAnswer = v.object({
  type: v.picklist([1, 2]),
  associationNo: text,
  name: text,
  introduction: text,
  /** 1: an image at backgroundUrl. */
  backgroundType: v.literal(1),
  backgroundUrl: text,
});
