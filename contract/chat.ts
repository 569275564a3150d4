import * as v from 'valibot';
import { VISITOR_SECRET_PATTERN } from './ids';

/**
 * The online customer-service chat: the messages, the two cards of SPEC §3, and
 * what a visitor or an agent may send (the same schemas check the server's input).
 */

/** Longest text message, in characters. */
export const MAX_TEXT = 500;

/** An anonymous visitor's secret id, as its browser keeps it. */
export const visitorSecret = VISITOR_SECRET_PATTERN;

const clientId = v.optional(v.pipe(v.string(), v.regex(/^[\w-]{8,64}$/, '须为 8 到 64 位字母、数字、- 或 _')));

/** Addresses a card may show or link: http(s) only (never `javascript:`), or a path on the portal. */
const address = v.pipe(
  v.string(),
  v.maxLength(500, '地址不能超过 500 个字符'),
  v.check((value) => /^(https?:\/\/[^\s"'<>]+|\/(?!\/)[^\s"'<>]*)$/.test(value), '须为 http(s) 地址或站内路径'),
);

/** The card a visitor sends and an agent sees (SPEC §3 cardInfo): a product or solution, with the page it links to. */
export const card = v.object({
  picUrl: v.union([v.literal(''), address], '须为 http(s) 地址或站内路径'),
  title: v.pipe(v.string(), v.trim(), v.minLength(1, '标题不能为空'), v.maxLength(100, '标题不能超过 100 个字')),
  description: v.pipe(v.string(), v.trim(), v.maxLength(300, '描述不能超过 300 个字')),
  url: v.optional(address),
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
  v.object({ kind: v.literal('card'), card, clientId }),
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

/** A product or solution card (SPEC §3 cardInfo), with the page it links to. */
export type ChatCardInfo = v.InferOutput<typeof card>;

export type ChatSender = 'visitor' | 'agent';
export type ChatMessageKind = 'text' | 'card' | 'metadata';
/** Who the signed-in visitor is, as the account service says (sent to the agent once, SPEC §4). */
export interface VisitorMetadata {
  name: string;
  mobile: string;
}

/** A message as the widgets and the agent inbox receive it. */
export interface ChatMessage {
  id: number;
  conversationId: number;
  sender: ChatSender;
  kind: ChatMessageKind;
  text?: string;
  card?: ChatCardInfo;
  metadata?: VisitorMetadata;
  clientId: string | null;
  createdAt: number;
}

/** What the visitor sends: text or a card. */
export type Outgoing = { kind: 'text'; text: string } | { kind: 'card'; card: ChatCardInfo };
