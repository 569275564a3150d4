import * as v from 'valibot';
import type { chatMessageAnswer, visitorMetadataAnswer } from './api-answers';
import { SITE_PATH } from './chat-card';
import { ASSOCIATION_NO_PATTERN, VISITOR_SECRET_PATTERN } from './ids';

/**
 * The online customer-service chat: the messages, the cards of SPEC §3, and
 * what a visitor or an agent may send (the same schemas check the server's input).
 */

/** Longest text message, in characters. */
export const MAX_TEXT = 500;

/** An anonymous visitor's secret: what its conversation is filed under (and what browsers kept before ids were signed). */
export const visitorSecret = VISITOR_SECRET_PATTERN;

export { UNKNOWN_VISITOR } from './ids';

/** What a browser sends for a visitor id: the unsigned id it kept from before, if any. */
export const visitorIdRequest = v.object(
  { previous: v.optional(v.pipe(v.string(), v.maxLength(200, '访客标识过长'))) },
  '请求须为 JSON 对象',
);

/** The answer: the id to keep and send as `X-Chat-Visitor`. */
export interface VisitorIdAnswer {
  visitor: string;
}

const clientId = v.optional(v.pipe(v.string(), v.regex(/^[\w-]{8,64}$/, '须为 8 到 64 位字母、数字、- 或 _')));

const sitePath = v.pipe(v.string(), v.maxLength(500), v.regex(SITE_PATH, '须为站内路径'));

/**
 * What a visitor sends for a card (SPEC §3, the console's chat card): which
 * product (1) or solution (2). The service looks it up and builds the card;
 * anything else the visitor sends with it (a link, a title) is dropped.
 */
export const chatCardRequest = v.object(
  {
    type: v.picklist([1, 2], '卡片类型须为 1（产品）或 2（解决方案）'),
    associationNo: v.pipe(v.string(), v.regex(ASSOCIATION_NO_PATTERN, '产品或解决方案编号不正确')),
  },
  '卡片须指明产品或解决方案：type 与 associationNo',
);

/**
 * The card agents and visitors see (SPEC §3 cardInfo: picUrl, title, description),
 * as the service built it from its own content: the cover image and the item's
 * page are paths on the portal, which each side resolves against the portal's origin.
 */
export const chatCard = v.object({
  ...chatCardRequest.entries,
  title: v.string(),
  description: v.string(),
  picUrl: v.union([v.literal(''), sitePath]),
  url: sitePath,
});

const text = v.pipe(
  v.string('消息须为文字'),
  v.trim(),
  v.minLength(1, '消息不能为空'),
  v.maxLength(MAX_TEXT, `消息不能超过 ${MAX_TEXT} 个字`),
);

/** What a visitor may send: text or a card. */
export const visitorMessage = v.variant('kind', [
  v.object({ kind: v.literal('text'), text, clientId }),
  v.object(
    { kind: v.literal('card'), card: chatCardRequest, clientId },
    '卡片须指明产品或解决方案：type 与 associationNo',
  ),
]);

/** What an agent may send: text. */
export const agentMessage = v.object({ text, clientId });

/** The page may say who it thinks the visitor is; the server uses the account instead. */
export const metadataBody = v.optional(
  v.object({
    name: v.optional(v.pipe(v.string(), v.maxLength(100))),
    mobile: v.optional(v.pipe(v.string(), v.maxLength(32))),
  }),
);

export const readBody = v.object({ messageId: v.pipe(v.number(), v.integer(), v.minValue(0)) });

/** A product or solution card as the service built it, with the page it links to. */
export type ChatCardInfo = v.InferOutput<typeof chatCard>;
/** Which product or solution a card is about. */
export type ChatCardRequest = v.InferOutput<typeof chatCardRequest>;
/** What the chat shows of a card (SPEC §3 cardInfo), as a page may also spell it out for the hosted provider. */
export interface ChatCardView {
  picUrl: string;
  title: string;
  description: string;
  url?: string;
}

export type ChatSender = ChatMessage['sender'];
export type ChatMessageKind = ChatMessage['kind'];
/** Who the signed-in visitor is, as the account service says (sent to the agent once, SPEC §4). */
export type VisitorMetadata = v.InferOutput<typeof visitorMetadataAnswer>;

/** A message as the widgets and the agent inbox receive it (contract/api-answers.ts). */
export type ChatMessage = v.InferOutput<typeof chatMessageAnswer>;

/** What the visitor sends: text, or which product or solution to show as a card. */
export type Outgoing = { kind: 'text'; text: string } | { kind: 'card'; card: ChatCardRequest };
