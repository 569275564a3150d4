import * as v from 'valibot';

/** Longest text message, in characters. */
export const MAX_TEXT = 500;

/** An anonymous visitor's secret id, as its browser keeps it. */
export const visitorSecret = /^[\w-]{22,64}$/;

const clientId = v.optional(v.pipe(v.string(), v.regex(/^[\w-]{8,64}$/, '须为 8 到 64 位字母、数字、- 或 _')));

/** Addresses a card may show or link: http(s) only (never `javascript:`), or a path on the portal. */
const address = v.pipe(
  v.string(),
  v.maxLength(500, '地址不能超过 500 个字符'),
  v.check((value) => /^(https?:\/\/[^\s"'<>]+|\/(?!\/)[^\s"'<>]*)$/.test(value), '须为 http(s) 地址或站内路径'),
);

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
