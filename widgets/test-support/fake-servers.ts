import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import type { Context, Next } from 'koa';
import { renderHubPage } from '../../backend/accounts/pages';
import { XSS_PAYLOADS } from './xss-payloads';

/**
 * Fake portal API and account service for the widget tests, served by the test
 * runner itself: the widgets make real HTTP requests to them. Stateless on
 * purpose (test files run in parallel): behaviour is chosen by path, code or
 * token, e.g. code `bad` fails, token `at-401` is unauthorised.
 */

const envelope = (result: unknown, code = '0000', msg = '') => ({ code, result, msg });

const SILENT_HUB_PAGE = '<!doctype html><meta charset="utf-8"><title>silent hub</title>';

/** A small pageCommonDTO; `empty` leaves innovation training without categories. */
function pageCommon(empty: boolean) {
  return {
    commonHotProductSingleDTO: { commonHotProductDTOList: [{ id: 1, productName: '设备物联平台', productId: 1 }] },
    commonSolutionSingleDTO: { solutionDTOList: [{ id: 2, title: '锂电池智能制造解决方案' }] },
    innovationPracticeNav: empty
      ? []
      : [
          { id: 7, title: '数字化工厂实训', menuTemplateId: 1 },
          { id: 8, title: '创新应用', menuTemplateId: 2 },
        ],
    newsCategoryDTOList: [{ id: 1, title: '公司新闻' }],
    logoDTO: { photo: '/media/logo.svg' },
    footerCommonDTO: {
      photo1: '/media/badge/a.svg',
      title1: '官方公众号',
      photo2: '/media/badge/b.svg',
      title2: '客服微信',
      serviceHotline: '400-820-6688',
      serviceTime: '周一至周日 8:30—20:30',
      address: '苏州工业园区创智路 88 号',
      copyright: '© 2026 智造云',
      icp: '苏ICP备2025012345号-1',
    },
    navStatus: false,
  };
}

/** Token `at-xss` gets one agreement made of every payload, `at-terms` two plain ones. */
function agreementsFor(token: string | undefined) {
  if (token === 'at-xss') {
    return [
      {
        code: 'XSS_TEST',
        templateVersion: '1',
        title: '含有恶意内容的协议',
        content: `<p id="kept">正文仍然显示</p>${XSS_PAYLOADS.join('')}`,
      },
    ];
  }
  if (token === 'at-terms') {
    return [
      { code: 'PORTAL_SERVICE', templateVersion: '2026.1', title: '平台服务协议', content: '<p>服务协议正文</p>' },
      { code: 'DATA_PROCESSING', templateVersion: '2026.1', title: '数据处理协议', content: '<p>数据处理正文</p>' },
    ];
  }
  return [];
}

function bearer(ctx: Context): string | undefined {
  return /^Bearer (.+)$/.exec(ctx.get('Authorization'))?.[1];
}

function tokensFor(seed: string) {
  return { accessToken: `at-${seed}`, refreshToken: `rt-${seed}`, expiresIn: 7200 };
}

function json(ctx: Context, body: unknown, status = 200) {
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.body = JSON.stringify(body);
}

async function productApi(ctx: Context): Promise<boolean> {
  const path = ctx.path;
  if (/^\/api(-kernel-portal|-zzy-portal)?\/(test|open|personalCertificates)\/echo$/.test(path)) {
    json(
      ctx,
      envelope({
        path,
        authorization: ctx.get('Authorization') || null,
        companyId: ctx.get('companyId') || null,
        contentType: ctx.get('Content-Type') || null,
        cacheControl: ctx.get('Cache-Control') || null,
      }),
    );
    return true;
  }
  const status = /^\/api\/test\/status\/(\d{3})$/.exec(path)?.[1];
  if (status) {
    json(ctx, { code: 'E0400', msg: '手机号格式不正确' }, Number(status));
    return true;
  }
  if (path === '/api/test/slow') {
    await new Promise((resolve) => setTimeout(resolve, Number(ctx.query.ms) || 1000));
    json(ctx, envelope('late'));
    return true;
  }
  if (path === '/api/common/index') {
    const empty = ctx.query.empty === '1' || ctx.get('Referer').includes('empty-innovation');
    json(ctx, { code: '0000', data: { pageCommonDTO: pageCommon(empty) } });
    return true;
  }
  if (path === '/api/friendly-link/list') {
    json(ctx, envelope([{ id: 1, name: '工业和信息化部', url: 'https://www.miit.gov.cn/' }]));
    return true;
  }
  if (path === '/api/test/envelope') {
    json(ctx, { code: String(ctx.query.code ?? '0000'), data: { ok: true }, msg: '业务提示' });
    return true;
  }
  if (path === '/api-kernel-portal/api/sys-users/common-login-info') {
    if (!bearer(ctx)) {
      json(ctx, { code: '401', msg: 'no token' }, 401);
      return true;
    }
    const certified = bearer(ctx) !== 'at-uncertified';
    json(ctx, envelope({ userName: 'demo', mobile: '13800000000', companyId: 1001, potalStatus: certified }));
    return true;
  }
  if (path === '/api-kernel-portal/api/verify/business') {
    json(ctx, envelope(bearer(ctx) !== 'at-noadmin'));
    return true;
  }
  if (path === '/api-zzy-portal/api/contract/check') {
    json(ctx, envelope(agreementsFor(bearer(ctx))));
    return true;
  }
  if (path === '/api-zzy-portal/api/contract/confirm') {
    json(ctx, envelope(true));
    return true;
  }
  return false;
}

function accountService(ctx: Context): boolean {
  const path = ctx.path.replace(/^\/silent(?=\/api\/guc\/)/, '');
  const silent = path !== ctx.path;
  if (!path.startsWith('/api/guc/')) return false;
  const token = bearer(ctx);
  switch (path) {
    case '/api/guc/view/token/hub':
      ctx.type = 'text/html';
      ctx.body = silent ? SILENT_HUB_PAGE : renderHubPage('hub', [ctx.origin]);
      return true;
    case '/api/guc/protocol/oauth2/token/by-code': {
      const code = String(ctx.query.code ?? '');
      if (!code.startsWith('good') || ctx.query.appId !== '9090' || !ctx.query.redirectUri) {
        json(ctx, envelope(null, 'E1001', '登录码无效'));
      } else json(ctx, envelope(tokensFor(code)));
      return true;
    }
    case '/api/guc/token/refresh':
      json(ctx, envelope(tokensFor(`refreshed-${String(ctx.query.refreshToken)}`)));
      return true;
    case '/api/guc/token/verify':
      if (!token || token === 'at-invalid') json(ctx, envelope(null, 'E4010', '令牌无效'));
      else json(ctx, envelope(true));
      return true;
    case '/api/guc/customer/current/customer-info':
    case '/api/guc/current/user-info':
      if (!token || token === 'at-401') json(ctx, { code: '401', msg: '未登录' }, 401);
      else json(ctx, envelope({ name: '张工', headImg: '/avatar.svg', companyId: 1001, mobile: '138****0000' }));
      return true;
    case '/api/guc/current/menu/tree':
    case '/api/guc/current/buttons':
      if (!token || token === 'at-401') json(ctx, { code: '401', msg: '未登录' }, 401);
      else json(ctx, envelope([{ code: path.endsWith('buttons') ? 'order:create' : 'home', appId: ctx.query.appId }]));
      return true;
    default:
      return false;
  }
}

let hubServer: Promise<Server> | undefined;

/**
 * The account service's hub on a second port: another origin of the same site,
 * as in production (subdomains) and in `local` (ports). A cross-site hub frame
 * gets no storage in Chromium, so it must be same-site to work at all.
 */
function startHubServer(): Promise<Server> {
  hubServer ??= new Promise((resolve) => {
    const server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://hub').pathname;
      // It lists every page that asks (the sign-in and the chat ask before framing it).
      if (path === '/api/guc/view/token/hub/registered')
        return void res
          .writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' })
          .end(JSON.stringify({ code: '0000', result: { registered: true } }));
      // The account service's own hub page, answering the page that framed it.
      const framer = req.headers.referer ? new URL(req.headers.referer).origin : null;
      const page =
        path === '/api/guc/view/token/hub'
          ? renderHubPage('hub', framer ? [framer] : [])
          : path === '/silent/api/guc/view/token/hub'
            ? SILENT_HUB_PAGE
            : null;
      res.writeHead(page ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(page ?? 'not found');
    });
    server.listen(0, 'localhost', () => resolve(server));
    server.unref();
  });
  return hubServer;
}

let secondPortal: Promise<Server> | undefined;
/** Paths the second portal was asked for, in order; read (and cleared) at `/reached`. */
let reached: string[] = [];
/** Its chat calls, each with who made it (the bearer token, else the visitor id); read at `/chat-calls?who=`. */
const chatCalls: { path: string; who: string }[] = [];

/**
 * Another portal on its own port (`/api/test/second-portal` gives its origin),
 * for pages that say where their portal is: it answers the common data, media,
 * the chat stream and details, and (at `/unlisted`) an account service that does
 * not list the page; 404 for anything else. It records what reached it.
 */
function startSecondPortal(): Promise<Server> {
  secondPortal ??= new Promise((resolve) => {
    const server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://second').pathname;
      const cors = {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers':
          'Authorization, companyId, Content-Type, Cache-Control, X-Chat-Visitor, Last-Event-ID',
      };
      if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
      const send = (status: number, type: string, body: string) =>
        void res.writeHead(status, { ...cors, 'Content-Type': type }).end(body);
      if (path === '/reached') {
        send(200, 'application/json', JSON.stringify(reached));
        reached = [];
        return;
      }
      if (path === '/chat-calls') {
        const who = new URL(req.url ?? '/', 'http://second').searchParams.get('who');
        return send(
          200,
          'application/json',
          JSON.stringify(chatCalls.filter((call) => call.who === who).map((c) => c.path)),
        );
      }
      reached.push(path);
      if (path.startsWith('/api/chat/')) {
        const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        chatCalls.push({ path, who: token ?? String(req.headers['x-chat-visitor'] ?? '') });
      }
      // `${origin}/unlisted` as the account service's address: one that does not list the page (no hub for it).
      if (path === '/unlisted/api/guc/view/token/hub/registered')
        return send(200, 'application/json', JSON.stringify({ code: '0000', result: { registered: false } }));
      // As the chat service: details only from a signed-in visitor.
      if (path === '/api/chat/metadata' && req.method === 'POST')
        return req.headers.authorization
          ? send(200, 'application/json', JSON.stringify({ code: '0000', result: { sent: true } }))
          : send(401, 'application/json', JSON.stringify({ code: 'E0401', msg: '登录后才能向客服提供身份信息' }));
      if (path === '/api/common/index')
        return send(
          200,
          'application/json',
          JSON.stringify({ code: '0000', data: { pageCommonDTO: pageCommon(false) } }),
        );
      if (path.startsWith('/media/')) return send(200, 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"/>');
      if (path === '/api/chat/visitors' && req.method === 'POST')
        return send(
          200,
          'application/json',
          JSON.stringify({ code: '0000', msg: 'success', result: { visitor: `${'v'.repeat(24)}.${'s'.repeat(22)}` } }),
        );
      if (path === '/api/chat/events') {
        res.writeHead(200, { ...cors, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
        res.write('event: presence\ndata: {"online":true}\n\n');
        // Ends on its own, so the test run is not kept open by it.
        setTimeout(() => res.end(), 5000).unref();
        return;
      }
      send(404, 'application/json', JSON.stringify({ code: 'E0404', msg: '未找到' }));
    });
    server.listen(0, 'localhost', () => resolve(server));
    server.unref();
  });
  return secondPortal;
}

/** Tries per client id at the flaky chat service: what a load balancer in front of a restarting instance answers. */
const flakyTries = new Map<string, number>();

/**
 * `/api/test/flaky-chat/messages`: a chat service behind a proxy while an
 * instance restarts: the first try of each message gets 502, the second 503,
 * the third is stored. `/api/test/flaky-chat/tries?clientId=` says how many came.
 */
async function flakyChat(ctx: Context): Promise<boolean> {
  if (ctx.path === '/api/test/flaky-chat/tries') {
    json(ctx, flakyTries.get(String(ctx.query.clientId)) ?? 0);
    return true;
  }
  if (ctx.path !== '/api/test/flaky-chat/messages' || ctx.method !== 'POST') return false;
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
  const { clientId, text } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  const tries = (flakyTries.get(clientId) ?? 0) + 1;
  flakyTries.set(clientId, tries);
  if (tries < 3) {
    ctx.status = tries === 1 ? 502 : 503;
    ctx.type = 'text/html';
    ctx.body = `<html><body><h1>${ctx.status}</h1></body></html>`;
    return true;
  }
  json(ctx, envelope({ id: 1, clientId, text, from: 'visitor', createdAt: new Date().toISOString() }));
  return true;
}

/** Stream requests per run of the limited chat service. */
const limitedTries = new Map<string, number>();

/**
 * `/api/test/limited-chat/<run>/events`: a chat service at its limits, as the
 * run's name says: `busy-…` refuses the first stream with 429 and Retry-After: 1;
 * `idle-…` ends the first stream as idle; `stale-…` does not know the visitor
 * id `stale` (401 E0401V). Later streams open and stay. `…/count` says how many
 * streams were asked for.
 */
function limitedChat(ctx: Context): boolean {
  const match = /^\/api\/test\/limited-chat\/([\w-]+)\/(events|count)$/.exec(ctx.path);
  if (!match) return false;
  const [, run = '', call] = match;
  if (call === 'count') {
    json(ctx, limitedTries.get(run) ?? 0);
    return true;
  }
  const tries = (limitedTries.get(run) ?? 0) + 1;
  limitedTries.set(run, tries);
  if (run.startsWith('busy-') && tries === 1) {
    ctx.set('Retry-After', '1');
    json(ctx, { code: 'E0429', msg: '来自同一网络的聊天连接过多，请稍后再试' }, 429);
    return true;
  }
  if (run.startsWith('stale-') && ctx.get('X-Chat-Visitor') === 'stale') {
    json(ctx, { code: 'E0401V', msg: '访客标识无效，请重新连接' }, 401);
    return true;
  }
  const idle = run.startsWith('idle-') && tries === 1;
  ctx.status = 200;
  ctx.type = 'text/event-stream';
  const body = new PassThrough();
  body.write('retry: 2000\n\nevent: presence\ndata: {"online":true}\n\n');
  if (idle) body.end('event: idle\ndata: {}\n\n');
  // Open a while, then ends, so the test run is not kept open by it.
  else setTimeout(() => body.end(), 8000).unref();
  ctx.body = body;
  return true;
}

/** Koa middleware for @web/test-runner. */
export function fakeServers() {
  return async (ctx: Context, next: Next) => {
    ctx.set('Access-Control-Allow-Origin', '*');
    if (ctx.method === 'OPTIONS') {
      ctx.set('Access-Control-Allow-Headers', 'Authorization, companyId, Content-Type, Cache-Control');
      ctx.status = 204;
      return;
    }
    if (ctx.path === '/api/test/hub-origin') {
      const { port } = (await startHubServer()).address() as AddressInfo;
      return json(ctx, { origin: `http://localhost:${port}` });
    }
    if (ctx.path === '/api/test/second-portal') {
      const { port } = (await startSecondPortal()).address() as AddressInfo;
      return json(ctx, { origin: `http://localhost:${port}` });
    }
    // The images the common data names (logo, badges): real ones, as a portal
    // answers them, rather than 404s in every test's log.
    if (ctx.path.startsWith('/media/')) {
      ctx.type = 'image/svg+xml';
      ctx.body = '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40"/>';
      return;
    }
    if (accountService(ctx) || (await flakyChat(ctx)) || limitedChat(ctx) || (await productApi(ctx))) return;
    await next();
  };
}
