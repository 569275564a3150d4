import { BUILT_CHUNKS } from './known-cases';

/**
 * Every door of the server the hostile suites knock on: the pages of the README's
 * route table, the API paths of the OpenAPI document, the agent inbox, the local
 * console and a demo site.
 */

/** Which of the server's listeners answers. */
export type Site = 'portal' | 'console' | 'demo';

/** What lets a request past the door to the handler behind it. */
export type Pass =
  | 'bearer'
  | 'agent'
  | 'console'
  | 'console-form'
  | 'sign-in-form'
  | 'chat-visitor'
  | 'studio'
  | 'studio-form';

export interface Endpoint {
  site: Site;
  method: string;
  /** With `{placeholders}` (see `VALID`). */
  path: string;
  query: readonly string[];
  body?: 'json' | 'form';
  /** The body's field names, for bodies that look almost right. */
  fields: readonly string[];
  /** A body the handler takes, for the fuzz to bend a field or two of. */
  valid?: Readonly<Record<string, unknown>>;
  pass?: Pass;
}

/** Values each placeholder takes when the fuzz wants the handler to find something. */
export const VALID: Readonly<Record<string, readonly string[]>> = {
  id: ['1', '2', '3', '12', '49'],
  key: ['1', 'P2025001', 'S2025001', '7'],
  year: ['2026', '2025'],
  name: ['brand-2026', 'ai-quality-2026'],
  slug: ['battery'],
  page: ['partners', 'about'],
  orderNo: ['ZZYABCDEFGHJKLMNPQRS', 'ZZY2345678923456789'],
  tag: ['portal-login', 'portal-header', 'portal-chat-launcher'],
  media: ['logo', 'badge/wechat', 'cover/product/1'],
  upload: ['0123456789abcdef0123-640.jpg', 'ffffffffffffffffffff-320.webp', '0123456789abcdef0123-1640.png'],
  film: ['brand-2026'],
  chunk: BUILT_CHUNKS.slice(0, 3),
};

const FEEDBACK = {
  topic: 'product',
  content: '希望提供产品资料和报价信息',
  contactName: '王先生',
  contact: '13800138000',
};

/** Bodies the handlers take, by endpoint: a fuzzed body that changes one field reaches the rule for that field. */
const VALID_BODIES: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  'POST /feedback': FEEDBACK,
  'POST /cookie-agree': { back: '/product/1' },
  'POST /api/feedback': FEEDBACK,
  'POST /api/chat/messages': { kind: 'text', text: '你好，想了解产品价格', clientId: 'fuzz-client-0001' },
  'POST /api/chat/metadata': { name: '王先生', mobile: '13800138000' },
  'POST /chat/agent/api/conversations/{id}/messages': { text: '您好，请问有什么可以帮您？' },
  'POST /chat/agent/api/conversations/{id}/read': { messageId: 1 },
  'POST /api-kernel-portal/api/getCorrelationCompanyList': { productNo: 'P2025001' },
  'POST /api-zzy-portal/api/contract/confirm': { sceneCode: 'ORDER_TERMS', contractVersion: '1.0' },
  'POST /api-zzy-portal/api/orders': {
    productId: 1,
    editionId: 1,
    companyId: 1001,
    quantity: 1,
    contactName: '王先生',
    contactPhone: '13800138000',
    remark: '',
    idempotencyKey: 'fuzz-order-0000000001',
  },
  'POST /company/enterprise': { name: '测试企业', creditCode: '91320594MA1XY01234', legalPerson: '李华' },
  'POST /studio/staff': {
    login: 'fuzzed',
    name: '测试员工',
    roles: 'editor',
    password: 'Fuzzed-pass-2026',
    confirm: 'Fuzzed-pass-2026',
  },
  'POST /studio/staff/{id}': { name: '测试员工', roles: 'editor' },
  'POST /studio/staff/{id}/password': { password: 'Fuzzed-pass-2026', confirm: 'Fuzzed-pass-2026' },
  'POST /studio/account/password': { current: 'not-it', password: 'Fuzzed-pass-2026', confirm: 'Fuzzed-pass-2026' },
  'POST /studio/orders/{orderNo}/status': { to: 'confirmed', note: '已电话联系客户' },
  'POST /studio/feedback/{id}/handle': { note: '已电话回复' },
  'POST /studio/common/{id}': {
    serviceHotline: '400-820-6688',
    serviceTime: '周一至周日 8:30—20:30',
    address: '江苏省苏州市',
    title1: '扫码访问',
    title2: '扫码联系',
    logo: '',
    photo1: '',
    photo2: '',
    hotProductIds: '1',
    commonSolutionIds: '1',
  },
  'POST /studio/help': { category: '账号与登录', title: '测试文章', contentHtml: '<p>正文</p>' },
  'POST /studio/help/{id}': { category: '账号与登录', title: '测试文章', contentHtml: '<p>正文</p>' },
  'POST /studio/links/{id}': { name: '测试链接', url: 'https://example.cn/' },
};

/** `'GET /news/{id}?page&type'` into an endpoint. */
function parse(site: Site, spec: string, extra: Partial<Endpoint> = {}): Endpoint {
  const [method = 'GET', target = '/'] = spec.split(' ');
  const [path = '/', query = ''] = target.split('?');
  const valid = VALID_BODIES[`${method} ${path}`];
  return { site, method, path, query: query ? query.split('&') : [], fields: [], valid, ...extra };
}

const PAGES = [
  '/',
  '/home',
  '/en',
  '/product?page&categoryId',
  '/product/{key}',
  '/solution?page',
  '/solution/{key}',
  '/cases?page&industry',
  '/cases/{id}',
  '/news?page',
  '/news/type',
  '/news/type/{id}?page',
  '/news/{id}',
  '/innovation-practice',
  '/innovation-practice/{id}',
  '/innovation-practice/{id}/{id}',
  '/innovation-practice/gswe-factory',
  '/innovation-practice/collaborative-innovation',
  '/innovation-practice/bak_id',
  '/partners',
  '/about',
  '/help?id',
  '/info',
  '/info/{id}',
  '/mapsite',
  '/sitemap.xml',
  '/robots.txt',
  '/certification',
  '/feedback?topic&sent',
  '/transfer?url',
  '/waic',
  '/wj',
  '/propaganda-film',
  '/propaganda-film/{year}',
  '/propaganda-film/{year}/{name}',
  '/meiqia/card?type&associationNo',
  '/topic/{slug}',
  '/searchRes?keyword&type&page',
  '/order/create?productId&edition',
  '/order/success?orderNo',
  '/order',
  '/order/{orderNo}',
  '/docs',
  '/docs/{tag}',
  '/widgets/portal.js',
  '/widgets/chat.js',
  '/widgets/chunks/{chunk}',
  '/media/{media}.svg?v',
  '/media/{upload}',
  '/media/films/{film}.webm',
  '/no-such-page/{id}',
  // Every page reads `preview` (the admin preview leaves the header and footer out).
].map((path) => parse('portal', `GET ${path}${path.includes('?') ? '&' : '?'}preview`));

const AGENT = [
  parse('portal', 'GET /chat/agent'),
  parse('portal', 'POST /chat/agent/login', { body: 'form', fields: ['password'] }),
  parse('portal', 'POST /chat/agent/logout', { pass: 'agent' }),
  parse('portal', 'GET /chat/agent/api/conversations', { pass: 'agent' }),
  parse('portal', 'GET /chat/agent/api/conversations/{id}/messages', { pass: 'agent' }),
  parse('portal', 'POST /chat/agent/api/conversations/{id}/messages', {
    pass: 'agent',
    body: 'json',
    fields: ['text', 'clientId'],
  }),
  parse('portal', 'POST /chat/agent/api/conversations/{id}/read', {
    pass: 'agent',
    body: 'json',
    fields: ['messageId'],
  }),
  parse('portal', 'GET /chat/agent/api/events', { pass: 'agent' }),
];

const SIGN_IN_FIELDS = ['username', 'password', 'appId', 'redirectUri', 'page_type', 'state', 'code_challenge', 'csrf'];

const FORMS = [
  parse('portal', 'POST /feedback', { body: 'form', fields: ['topic', 'content', 'contactName', 'contact'] }),
  // The cookie notice's 同意 without scripts: back to a path of this site only.
  parse('portal', 'POST /cookie-agree', { body: 'form', fields: ['back'] }),
  parse('portal', 'POST /api/guc/protocol/oauth2/auth', { body: 'form', fields: SIGN_IN_FIELDS, pass: 'sign-in-form' }),
];

const CONSOLE = [
  parse('console', 'GET /'),
  parse('console', 'GET /welcome', { pass: 'console' }),
  parse('console', 'GET /auth/callback?code&state'),
  parse('console', 'GET /company/manager-setting?companyId&redirectUrl', { pass: 'console' }),
  parse('console', 'GET /company/enterprise?companyid&redirectUrl', { pass: 'console' }),
  parse('console', 'POST /company/manager-setting', {
    pass: 'console-form',
    body: 'form',
    fields: ['csrf', 'companyId', 'redirectUrl'],
  }),
  parse('console', 'POST /company/enterprise', {
    pass: 'console-form',
    body: 'form',
    fields: ['csrf', 'companyId', 'companyid', 'redirectUrl', 'name', 'creditCode', 'legalPerson'],
  }),
];

const STUDIO = [
  parse('portal', 'GET /studio/login?back'),
  parse('portal', 'POST /studio/login', { body: 'form', fields: ['csrf', 'login', 'password', 'back'] }),
  parse('portal', 'GET /studio/setup?code'),
  parse('portal', 'POST /studio/setup', {
    body: 'form',
    fields: ['csrf', 'code', 'login', 'name', 'password', 'confirm'],
  }),
  parse('portal', 'GET /studio', { pass: 'studio' }),
  parse('portal', 'GET /studio/staff?done', { pass: 'studio' }),
  parse('portal', 'GET /studio/staff/{id}?done', { pass: 'studio' }),
  parse('portal', 'GET /studio/account', { pass: 'studio' }),
  parse('portal', 'GET /studio/audit?before', { pass: 'studio' }),
  parse('portal', 'POST /studio/staff', {
    pass: 'studio-form',
    body: 'form',
    fields: ['csrf', 'login', 'name', 'roles', 'password', 'confirm'],
  }),
  parse('portal', 'POST /studio/staff/{id}', { pass: 'studio-form', body: 'form', fields: ['csrf', 'name', 'roles'] }),
  parse('portal', 'POST /studio/staff/{id}/password', {
    pass: 'studio-form',
    body: 'form',
    fields: ['csrf', 'password', 'confirm'],
  }),
  parse('portal', 'POST /studio/account/password', {
    pass: 'studio-form',
    body: 'form',
    fields: ['csrf', 'current', 'password', 'confirm'],
  }),
  // The owner's desk: orders and feedback, their exports, and the forms that change them.
  parse('portal', 'GET /studio/orders?status&q&from&to&page', { pass: 'studio' }),
  parse('portal', 'GET /studio/orders/export?status&q&from&to', { pass: 'studio' }),
  parse('portal', 'GET /studio/orders/{orderNo}?done', { pass: 'studio' }),
  parse('portal', 'POST /studio/orders/{orderNo}/status', {
    pass: 'studio-form',
    body: 'form',
    fields: ['csrf', 'to', 'note'],
  }),
  parse('portal', 'GET /studio/feedback?show&page', { pass: 'studio' }),
  parse('portal', 'GET /studio/feedback/export?show', { pass: 'studio' }),
  parse('portal', 'GET /studio/feedback/{id}?done', { pass: 'studio' }),
  parse('portal', 'POST /studio/feedback/{id}/handle', { pass: 'studio-form', body: 'form', fields: ['csrf', 'note'] }),
  // The media library: its uploads are multipart (a form body here is refused as one), the editor's answer in JSON.
  parse('portal', 'GET /studio/media?done', { pass: 'studio' }),
  parse('portal', 'POST /studio/media', { pass: 'studio-form', body: 'form', fields: ['csrf', 'image', 'alt'] }),
  parse('portal', 'POST /studio/media/upload', { pass: 'studio-form', body: 'form', fields: ['csrf', 'image', 'alt'] }),
  parse('portal', 'GET /studio/media/compose', { pass: 'studio' }),
  parse('portal', 'POST /studio/media/compose', { pass: 'studio-form', body: 'form', fields: ['csrf', 'html'] }),
  // The catalogue's desks: drafts only (publishing would change the shared portal's pages for the other suites).
  ...catalogueDesk('products', [
    'categoryId',
    'name',
    'summary',
    'hot',
    'descriptionHtml',
    'highlights',
    'scenarios',
    ...['id', 'name', 'price', 'unit', 'features'].flatMap((field) => [`editions.0.${field}`, `editions.1.${field}`]),
  ]),
  ...catalogueDesk('product-categories', ['name']),
  ...catalogueDesk('solutions', [
    'title',
    'industry',
    'summary',
    'common',
    'painPoints',
    'contentHtml',
    'productIds.0',
    'productIds.1',
  ]),
  ...catalogueDesk('cases', [
    'title',
    'customer',
    'industry',
    'summary',
    'solutionId',
    'publishedAt',
    'results',
    'contentHtml',
  ]),
  ...catalogueDesk('agreements', ['code', 'templateVersion', 'title', 'contentHtml']),
  parse('portal', 'GET /studio/agreements/{id}/text', { pass: 'studio' }),
  // The pages' desks, drafts only: the common data (one item), help (the privacy policy among them), the footer's links.
  parse('portal', 'GET /studio/common/{id}?done', { pass: 'studio' }),
  parse('portal', 'POST /studio/common/{id}', {
    pass: 'studio-form',
    body: 'form',
    fields: ['csrf', 'serviceHotline', 'serviceTime', 'address', 'title1', 'title2', 'logo', 'photo1', 'photo2'],
  }),
  parse('portal', 'GET /studio/help?done', { pass: 'studio' }),
  parse('portal', 'POST /studio/help', {
    pass: 'studio-form',
    body: 'form',
    fields: ['csrf', 'category', 'title', 'contentHtml'],
  }),
  parse('portal', 'GET /studio/help/{id}?done', { pass: 'studio' }),
  parse('portal', 'POST /studio/help/{id}', {
    pass: 'studio-form',
    body: 'form',
    fields: ['csrf', 'category', 'title', 'contentHtml'],
  }),
  parse('portal', 'POST /studio/links/{id}', { pass: 'studio-form', body: 'form', fields: ['csrf', 'name', 'url'] }),
];

/** A desk's list, new form, item page and its draft save. */
function catalogueDesk(desk: string, fields: string[]): Endpoint[] {
  const form = { pass: 'studio-form' as const, body: 'form' as const, fields: ['csrf', ...fields] };
  return [
    parse('portal', `GET /studio/${desk}?done`, { pass: 'studio' }),
    parse('portal', `GET /studio/${desk}/new`, { pass: 'studio' }),
    parse('portal', `GET /studio/${desk}/{id}?done`, { pass: 'studio' }),
    parse('portal', `POST /studio/${desk}`, form),
    parse('portal', `POST /studio/${desk}/{id}`, form),
  ];
}

const DEMO = ['/', '/pinned', '/{id}', '/index.html'].map((path) => parse('demo', `GET ${path}`));

interface OpenApiOperation {
  parameters?: Array<{ in?: string; name?: string }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, unknown> };
}

/** Every property name a schema (and the schemas it refers to) can have. */
function fieldsOf(schema: unknown, doc: OpenApiDocument, seen = new Set<unknown>()): string[] {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  const node = schema as Record<string, unknown>;
  const ref = typeof node.$ref === 'string' ? doc.components?.schemas?.[node.$ref.split('/').pop() ?? ''] : undefined;
  const own = node.properties && typeof node.properties === 'object' ? Object.keys(node.properties) : [];
  const nested = [ref, node.items, ...Object.values(node.properties ?? {}), ...((node.allOf as unknown[]) ?? [])];
  return [...new Set([...own, ...nested.flatMap((child) => fieldsOf(child, doc, seen))])];
}

/** The API's operations as the OpenAPI document the server publishes lists them. */
function apiEndpoints(doc: OpenApiDocument): Endpoint[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => ['get', 'post', 'put', 'delete', 'patch'].includes(method))
      .map(([method, operation]): Endpoint => {
        const json = operation.requestBody?.content['application/json']?.schema;
        const pass: Pass | undefined = path.startsWith('/api-')
          ? 'bearer'
          : path.startsWith('/api/chat/')
            ? 'chat-visitor'
            : path.startsWith('/api/guc/') && !path.includes('oauth2')
              ? 'bearer'
              : undefined;
        return {
          site: 'portal',
          method: method.toUpperCase(),
          path,
          query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name ?? ''),
          body: json || method === 'post' ? 'json' : undefined,
          fields: json ? fieldsOf(json, doc) : [],
          valid: VALID_BODIES[`${method.toUpperCase()} ${path}`],
          pass,
        };
      }),
  );
}

/** Every endpoint: the fixed ones and those of the published OpenAPI document. */
export function endpoints(openApi: unknown): Endpoint[] {
  return [...PAGES, ...AGENT, ...FORMS, ...STUDIO, ...CONSOLE, ...DEMO, ...apiEndpoints(openApi as OpenApiDocument)];
}
