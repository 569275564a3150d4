import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import * as schemas from '../../contract/chat';
import { checkInboxQuery, inboxAfterSignIn, inboxHref, inboxQuery, inboxQueryInput } from '../../contract/chat-inbox';
import { apiErrors, forbidden, notFound, ok, unauthorized } from '../envelope';
import { jsonBody } from '../http/json-body';
import { type SignInThrottle, waitText } from '../http/throttle';
import { may } from '../staff/roles';
import type { StaffAuth } from '../staff/staff-auth';
import { BUILT_IN_AGENT_LOGIN, type StaffSession, type StaffStore } from '../staff/staff-store';
import { renderAgentInbox, renderAgentSignIn } from './agent-pages';
import type { ChatHub } from './hub';
import { ownOrigin } from './origins';
import { type EventStream, type EventStreams, following, lastEventId, openEventStream } from './sse';
import type { ChatStore } from './store';
import { StreamRefusal } from './stream-limits';
import { parseChat } from './visitor-routes';

export interface AgentRoutesOptions {
  store: ChatStore;
  hub: ChatHub;
  streams: EventStreams;
  /** The staff accounts: members with the agent's role open the inbox. */
  staff: StaffStore;
  /** The staff's sign-in, shared with the studio. */
  auth: StaffAuth;
  /** CHAT_AGENT_PASSWORD: signs in the built-in agent here (without it, only staff accounts sign in). */
  password?: string;
  /** Slows guessing of the one shared password (backend/http/throttle.ts): its "account" is the agent. */
  signIns: SignInThrottle;
}

/** How often an open inbox stream asks whether its session was signed out elsewhere. */
const SESSION_CHECK_MS = 60_000;

/** The query of the address asked for (`?open=7`), as sent. */
const searchOf = (req: Request) => {
  const at = req.originalUrl.indexOf('?');
  return at < 0 ? '' : req.originalUrl.slice(at);
};
/** Where a sign-in form leads, as the query its hidden field keeps: checked, so only the inbox's own. */
const returnQuery = (search: unknown) => inboxAfterSignIn(search).slice(inboxHref({}).length);
/** Posted by the sign-in form: where it leads. */
const backOf = (req: Request) => returnQuery(req.body?.back);

const sendPage = (res: Response, html: string, status = 200) =>
  res.status(status).type('html').setHeader('Cache-Control', 'no-store').send(html);

/** Changes come from the inbox's own pages only (the cookie is SameSite too). */
function sameOrigin(req: Request, _res: Response, next: NextFunction) {
  if (req.get('Origin') !== ownOrigin(req)) return next(forbidden('请从客服工作台操作'));
  next();
}

const conversationId = (req: Request) => {
  const id = String(req.params.id ?? '');
  if (!/^[1-9]\d{0,12}$/.test(id)) throw notFound('没有这个会话');
  return Number(id);
};

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The agent inbox at `/chat/agent`: sign-in (a staff member with the agent's
 * role, or the built-in agent with CHAT_AGENT_PASSWORD), conversations, live replies.
 */
export function agentRoutes({ store, hub, streams, staff, auth, password, signIns }: AgentRoutesOptions): Router {
  const router = Router();
  router.use('/chat/agent', auth.cookies);
  /** The request's staff session, when it may answer the chat. */
  const signedIn = async (req: Request) => {
    const session = await auth.session(req);
    return session && may(session.staff.roles, 'chat') ? session : undefined;
  };
  const signInPage = (res: Response, error: string | undefined, back: string, status = 200) =>
    sendPage(res, renderAgentSignIn(res.locals.cspNonce, error, back, { passwordForm: !!password }), status);
  /** The open `/events` streams of each session here, ended when it signs out. */
  const openStreams = new Map<string, Set<EventStream>>();

  router.get('/chat/agent', async (req, res) => {
    const session = await signedIn(req);
    if (!session) {
      const other = await auth.session(req);
      return other
        ? signInPage(res, `${other.staff.name} 的账号没有客服角色，请换一个账号登录。`, returnQuery(searchOf(req)), 403)
        : signInPage(res, undefined, returnQuery(searchOf(req)));
    }
    // A search or paging link that was tampered with shows the newest page, and says what was wrong.
    const { query, error } = checkInboxQuery(req.query);
    // The newest id first: a message arriving while the list is read comes again live.
    const since = await store.newestMessageId();
    sendPage(
      res,
      renderAgentInbox(res.locals.cspNonce, query, await store.conversations(query), since, error, session.staff.name),
    );
  });

  router.post(
    '/chat/agent/login',
    sameOrigin,
    express.urlencoded({ extended: false, limit: '2kb' }),
    async (req, res) => {
      const again = (message: string, status: number) => signInPage(res, message, backOf(req), status);
      if (!password) return again('请用员工账号登录。', 401);
      const candidate = typeof req.body?.password === 'string' ? req.body.password : '';
      // An empty or missing password is no guess: not counted.
      if (!candidate) return again('请输入密码。', 400);
      const attempt = { address: req.ip ?? '', account: 'agent' };
      const waitS = await signIns.check(attempt);
      if (waitS !== undefined) {
        res.setHeader('Retry-After', String(waitS));
        return again(`尝试次数过多，请 ${waitText(waitS)}后再试。`, 429);
      }
      // Compared in constant time, over digests so lengths leak nothing either.
      const agent = await staff.byLogin(BUILT_IN_AGENT_LOGIN);
      if (!timingSafeEqual(digest(candidate), digest(password)) || !agent) {
        await signIns.failed(attempt);
        return again('密码不正确。', 401);
      }
      await signIns.succeeded(attempt);
      await auth.signIn(req, res, agent.id);
      res.redirect(303, inboxAfterSignIn(req.body?.back));
    },
  );
  // The forms' own addresses, reloaded or opened after a refusal drew the form there: the inbox.
  router.get(['/chat/agent/login', '/chat/agent/logout'], (req, res) =>
    res.redirect(303, inboxAfterSignIn(searchOf(req))),
  );
  router.post('/chat/agent/logout', sameOrigin, async (req, res) => {
    const session = await auth.signOut(req, res);
    if (session) for (const stream of openStreams.get(session.id) ?? []) stream.end();
    res.redirect(303, '/chat/agent');
  });

  /**
   * Ends an inbox's stream when its session ends: at once when it signs out
   * here, within a minute when it signs out on another instance, and when it
   * expires.
   */
  const watchSession = (stream: EventStream, session: StaffSession) => {
    const open = openStreams.get(session.id) ?? new Set();
    openStreams.set(session.id, open.add(stream));
    const check = setInterval(async () => {
      // A database that cannot answer now ends nothing: the next check asks again.
      if (!(await staff.sessionById(session.id).catch(() => true))) stream.end();
    }, SESSION_CHECK_MS);
    const expiry = setTimeout(() => stream.end(), Math.min(session.expiresAt - Date.now(), 2 ** 31 - 1));
    stream.onClose(() => {
      clearInterval(check);
      clearTimeout(expiry);
      open.delete(stream);
      if (!open.size) openStreams.delete(session.id);
    });
  };

  const api = Router();
  api.use(async (req, res, next) => {
    const session = await signedIn(req);
    if (!session) return next(unauthorized('请先登录客服工作台'));
    res.locals.agentSession = session;
    next();
  });
  api.use(jsonBody('8kb'));
  api.get('/conversations', async (req, res) =>
    ok(res, await store.conversations(parseChat(inboxQuery, inboxQueryInput(req.query)))),
  );
  api.get('/conversations/:id', async (req, res) => {
    const summary = await store.summary(conversationId(req));
    if (!summary) throw notFound('没有这个会话');
    ok(res, summary);
  });
  api.get('/conversations/:id/messages', async (req, res) => {
    const id = conversationId(req);
    if (!(await store.conversation(id))) throw notFound('没有这个会话');
    ok(res, await store.messages(id));
  });
  api.post('/conversations/:id/messages', sameOrigin, async (req, res) => {
    const id = conversationId(req);
    if (!(await store.conversation(id))) throw notFound('没有这个会话');
    const body = parseChat(schemas.agentMessage, req.body);
    const { message, created } = await store.add(id, 'agent', { text: body.text }, body.clientId ?? null);
    if (created) hub.publish(message);
    ok(res, message);
  });
  api.post('/conversations/:id/read', sameOrigin, async (req, res) => {
    const id = conversationId(req);
    await store.markRead(id, parseChat(schemas.readBody, req.body).messageId);
    ok(res, true);
  });
  /** Every new message of every conversation, resumed after `Last-Event-ID`. */
  api.get('/events', (req, res) => {
    // Agents are few and staff: their streams count in the total only, and do not idle.
    const admitted = streams.admit();
    if (admitted instanceof StreamRefusal) throw admitted;
    const stream = openEventStream(req, res, streams, { release: admitted.release });
    watchSession(stream, res.locals.agentSession as StaffSession);
    let sent = lastEventId(req);
    const deliver = (message: { id: number }) => {
      if (message.id <= sent) return;
      sent = message.id;
      stream.send('message', message, message.id);
    };
    stream.onClose(hub.agentJoined());
    following(stream, deliver, hub.onAny.bind(hub), () => store.messagesSince(sent));
  });
  api.all('/{*rest}', () => {
    throw notFound('接口不存在');
  });
  api.use(apiErrors);
  router.use('/chat/agent/api', api);
  return router;
}
