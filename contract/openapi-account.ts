import { answer, arrayOf, bearer, bool, envelope, failure, obj, query, read, ref, str } from './openapi-parts';

/** The central account service's paths (SPEC §7, "Account service calls" and "Redirects"). */
export const accountPaths = {
  '/api/guc/protocol/oauth2/auth': {
    get: {
      summary: '登录页（HTML）',
      parameters: [
        query('appId', str, true),
        query('redirectUri', str, true),
        query('page_type', { enum: ['c', 'b'] }),
        query('state', str),
      ],
      responses: { 200: { description: '登录表单' }, 400: { description: '应用或回跳地址未登记' } },
    },
    post: {
      summary: '提交登录（表单）',
      responses: {
        303: { description: '回跳 redirectUri?code=&state=' },
        400: { description: '请求无效' },
        401: { description: '账号或密码错误' },
        413: { description: '表单过大' },
        429: { description: '失败次数过多' },
      },
    },
  },
  '/api/guc/protocol/oauth2/token/by-code': read('登录码换取令牌（一次性，60 秒）', envelope(ref('Tokens')), [
    query('code', str, true),
    query('appId', str, true),
    query('redirectUri', str, true),
  ]),
  '/api/guc/token/refresh': {
    get: {
      summary: '刷新令牌（轮换）',
      parameters: [query('refreshToken', str, true)],
      responses: { 200: answer(envelope(ref('Tokens'))), 400: failure, 401: failure },
    },
  },
  '/api/guc/token/verify': {
    get: { summary: '校验令牌', security: bearer, responses: { 200: answer(envelope(bool)), 401: failure } },
  },
  '/api/guc/customer/current/customer-info': {
    get: {
      summary: '当前客户（客户模式）',
      security: bearer,
      responses: { 200: answer(envelope(ref('UserInfo'))), 401: failure },
    },
  },
  '/api/guc/current/user-info': {
    get: {
      summary: '当前用户（业务模式）',
      security: bearer,
      responses: { 200: answer(envelope(ref('UserInfo'))), 401: failure },
    },
  },
  '/api/guc/current/menu/tree': {
    get: {
      summary: '菜单树',
      security: bearer,
      parameters: [query('appId', str, true), query('code', str)],
      responses: {
        200: answer(envelope(arrayOf(obj({ code: str, name: str, path: str, children: { type: 'array' } })))),
        400: failure,
        401: failure,
      },
    },
  },
  '/api/guc/current/buttons': {
    get: {
      summary: '按钮权限',
      security: bearer,
      parameters: [query('appId', str, true)],
      responses: { 200: answer(envelope(arrayOf(str))), 400: failure, 401: failure },
    },
  },
  '/api/guc/view/token/hub': {
    get: {
      summary: '跨域令牌同步框架（HTML，仅登记的来源可嵌入）',
      parameters: [query('appId', str, true)],
      responses: { 200: { description: 'HTML' }, 400: failure },
    },
  },
  '/api/guc/view/token/hub/registered': {
    get: {
      summary: '调用页面的来源是否已为该应用登记（任何来源可读，总是 200）：登录组件据此决定是否嵌入同步框架',
      parameters: [query('appId', str, true)],
      responses: { 200: answer(envelope(obj({ registered: bool }))), 400: failure },
    },
  },
} as const;

/** Signing out: listed last, after the chat's paths, as it always was. */
export const signOutPath = {
  '/api/guc/protocol/oauth2/logout': {
    get: {
      summary: '退出登录',
      parameters: [query('token', str), query('redirectUri', str)],
      responses: { 303: { description: '回到登记的 redirectUri，否则回首页' } },
    },
  },
} as const;
