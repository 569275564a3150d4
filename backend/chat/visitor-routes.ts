import type { NextFunction, Request, Response } from 'express';
import { Router } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import * as v from 'valibot';
import * as schemas from '../../contract/chat';
import type { MediaUrl } from '../../contract/media';
import { PORTAL_APP_ID } from '../accounts/apps';
import type { AccountStore } from '../accounts/store';
import { ApiFailure, apiErrors, badRequest, notFound, ok, unauthorized } from '../envelope';
import { jsonBody } from '../http/json-body';
import type { LimitStores } from '../http/limit-store';
import type { ContentStore } from '../portal/content-store';
import { chatCard, messageCard } from './cards';
import { newConversationLimits } from './conversation-limits';
import type { ChatHub } from './hub';
import { accessAnswer, allowOrigins } from './origins';
import { type EventStreams, following, lastEventId, openEventStream } from './sse';
import type { ChatStore, Visitor } from './store';
import { STREAM_RETRY_AFTER_S, StreamRefusal } from './stream-limits';
import type { VisitorIds } from './visitor-ids';

export interface VisitorRoutesOptions {
  store: ChatStore;
  hub: ChatHub;
  streams: EventStreams;
  accounts: AccountStore;
  content: ContentStore;
  mediaUrl: MediaUrl;
  partnerOrigins: readonly string[];
  /** Signs the anonymous visitors' ids. */
  visitorIds: VisitorIds;
  /** Visitor ids one address may be issued per hour (default 100). */
  visitorsPerAddress?: number;
  /** Told of each stream refused (the caller logs it, once a minute per address). */
  onStreamRefused?: (refusal: StreamRefusal, address: string) => void;
  /** Conversations one visitor may try to start per ten minutes (default 5). */
  conversationsPerVisitor?: number;
  /** New conversations from one address per ten minutes, whoever starts them (default 50). */
  conversationsPerAddress?: number;
  /** Messages a visitor may send per minute (default 30). */
  messagesPerMinute?: number;
  /** Where the limits count (default: in this process). */
  limits?: LimitStores;
}

/** The first problem, in the visitor's words: "消息不能超过 500 个字". */
export function parseChat<const S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  throw badRequest(result.issues[0].message);
}

/**
 * Who is calling: a valid bearer token names the signed-in user (the identity
 * always comes from the verified token); otherwise the anonymous visitor's id
 * in `X-Chat-Visitor`, as this service signed it. An id it did not sign (made
 * up, from before ids were signed, from another secret) is a 401 with
 * `UNKNOWN_VISITOR`: the page asks for a new id (`POST /visitors`) and tries again.
 */
function identify(accounts: AccountStore, ids: VisitorIds) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const token = /^Bearer ([\w-]{1,200})$/.exec(req.get('Authorization') ?? '')?.[1];
    const user = token ? await accounts.userByAccessToken(token, PORTAL_APP_ID) : undefined;
    const id = req.get('X-Chat-Visitor') ?? '';
    const secret = id ? ids.verify(id) : undefined;
    let visitor: Visitor;
    if (user) visitor = { kind: 'user', userId: user.id };
    else if (secret) visitor = { kind: 'anonymous', secret };
    else if (token) return next(unauthorized());
    else if (!id) return next(badRequest('缺少访客标识'));
    else return next(new ApiFailure(401, schemas.UNKNOWN_VISITOR, '访客标识无效，请重新连接'));
    res.locals.visitor = visitor;
    res.locals.user = user;
    res.locals.visitorKey = visitor.kind === 'user' ? `u:${visitor.userId}` : `v:${secret}`;
    next();
  };
}

const visitorOf = (res: Response) => res.locals.visitor as Visitor;
const originOf = (req: Request) => req.get('Origin') ?? '';

/** The visitor side of the built-in chat service, under `/api/chat`. */
export function visitorRoutes(options: VisitorRoutesOptions): Router {
  const { store, hub, accounts, content, mediaUrl } = options;
  const router = Router();
  router.get('/access', accessAnswer(options.partnerOrigins));
  router.use(allowOrigins(options.partnerOrigins));
  router.use(jsonBody('8kb'));

  router.get('/cards/:key', async (req, res) => {
    const card = await chatCard(content, mediaUrl, req.params.key ?? '');
    if (!card) throw notFound('没有这个产品或解决方案');
    ok(res, card);
  });

  /**
   * A visitor id for this browser, signed. A browser that kept an unsigned id
   * from before (`previous`) with a conversation gets that id signed, so the
   * conversation stays its own; any other gets a new one. Ids are cheap to ask
   * for but not free: one address gets `visitorsPerAddress` an hour.
   */
  const limitVisitorIds = rateLimit({
    windowMs: 60 * 60_000,
    limit: options.visitorsPerAddress ?? 100,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? ''),
    store: options.limits?.('chat visitor ids'),
    handler: (_req, _res, next) => next(new ApiFailure(429, 'E0429', '访问过于频繁，请稍后再试')),
  });
  router.post('/visitors', limitVisitorIds, async (req, res) => {
    const { previous } = parseChat(schemas.visitorIdRequest, req.body ?? {});
    const kept =
      previous && schemas.visitorSecret.test(previous)
        ? await store.find({ kind: 'anonymous', secret: previous })
        : undefined;
    ok(res, { visitor: options.visitorIds.issue(kept ? previous : undefined) });
  });

  router.use(identify(accounts, options.visitorIds));
  const limitMessages = rateLimit({
    windowMs: 60_000,
    limit: options.messagesPerMinute ?? 30,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (_req, res) => res.locals.visitorKey as string,
    store: options.limits?.('chat messages'),
    handler: (_req, _res, next) => next(new ApiFailure(429, 'E0429', '发送太频繁，请稍后再试')),
  });

  const limitNewConversations = newConversationLimits({
    perVisitor: options.conversationsPerVisitor,
    perAddress: options.conversationsPerAddress,
    limits: options.limits,
    // Asked once per request, by the first of the two limits.
    started: async (_req, res) => (res.locals.started ??= (await store.find(visitorOf(res))) !== undefined),
  });
  /** The visitor's conversation, started now if it has none (and the streams waiting for it told). */
  const openConversation = async (req: Request, res: Response) => {
    // The address as the server sees it: the agents' inbox shows many from one address as one row.
    const { conversation, created } = await store.open(visitorOf(res), originOf(req), req.ip);
    if (created) hub.opened(res.locals.visitorKey as string, conversation.id);
    return conversation;
  };

  /** A card is built here from the content; the visitor only names the product or solution. */
  const cardOf = async (request: schemas.ChatCardRequest) => {
    const card = await messageCard(content, mediaUrl, request);
    if (!card) throw badRequest('没有这个产品或解决方案');
    return card;
  };

  /** History: every message after `after` (all of them by default). */
  router.get('/messages', async (req, res) => {
    const conversation = await store.find(visitorOf(res));
    const after = /^\d{1,15}$/.test(String(req.query.after ?? '')) ? Number(req.query.after) : 0;
    ok(res, {
      conversationId: conversation?.id ?? null,
      agentOnline: hub.agentOnline,
      messages: conversation ? await store.messages(conversation.id, after) : [],
    });
  });

  router.post('/messages', limitMessages, ...limitNewConversations, async (req, res) => {
    const body = parseChat(schemas.visitorMessage, req.body);
    const content = body.kind === 'text' ? { text: body.text } : { card: await cardOf(body.card) };
    const conversation = await openConversation(req, res);
    const { message, created } = await store.add(conversation.id, 'visitor', content, body.clientId ?? null);
    if (created) hub.publish(message);
    ok(res, message);
  });

  /** The signed-in visitor's name and mobile, from the account: what the page says is ignored. */
  router.post('/metadata', limitMessages, ...limitNewConversations, async (req, res) => {
    parseChat(schemas.metadataBody, req.body);
    const user = res.locals.user as { name: string; mobile: string } | undefined;
    if (!user) throw unauthorized('登录后才能向客服提供身份信息');
    const conversation = await openConversation(req, res);
    const message = await store.setMetadata(conversation.id, { name: user.name, mobile: user.mobile });
    if (message) hub.publish(message);
    ok(res, { sent: message !== undefined });
  });

  /**
   * The live stream: every message after `Last-Event-ID`, then each new one as it
   * is stored, and the agents' presence. Reading starts nothing: a visitor
   * without a conversation gets one with its first message, and a stream open by
   * then follows it from that moment.
   */
  router.get('/events', async (req, res) => {
    const address = req.ip ?? '';
    const admitted = options.streams.admit(res.locals.visitorKey as string, address);
    if (admitted instanceof StreamRefusal) {
      options.onStreamRefused?.(admitted, address);
      res.setHeader('Retry-After', String(STREAM_RETRY_AFTER_S));
      throw admitted;
    }
    const stream = openEventStream(req, res, options.streams, {
      release: admitted.release,
      idleMs: options.streams.limits.idleMs,
    });
    let sent = lastEventId(req);
    const deliver = (message: { id: number }) => {
      if (message.id <= sent) return; // already delivered
      sent = message.id;
      stream.send('message', message, message.id);
    };
    const follow = (conversationId: number) =>
      following(
        stream,
        deliver,
        (listener) => hub.onConversation(conversationId, listener),
        () => store.messages(conversationId, sent),
      );
    stream.onClose(hub.onPresence((online) => stream.send('presence', { online })));
    stream.send('presence', { online: hub.agentOnline });
    const conversation = await store.find(visitorOf(res));
    if (conversation) return follow(conversation.id);
    // Reading starts nothing: the first message starts the conversation, and this stream follows it then.
    const stop = hub.onOpened(res.locals.visitorKey as string, (conversationId) => {
      stop();
      follow(conversationId);
    });
    stream.onClose(stop);
  });

  router.all('/{*rest}', () => {
    throw notFound('接口不存在');
  });
  router.use(apiErrors);
  return router;
}
