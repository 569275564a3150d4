import { toJsonSchemaDefs } from '@valibot/to-json-schema';
import { chatCard, chatCardRequest, visitorMessage } from './chat';
import {
  caseDetailSchema,
  caseSummarySchema,
  cxyyProgrammeSchema,
  editionSchema,
  filmSchema,
  gsweProgrammeSchema,
  helpArticleSchema,
  helpArticleSummarySchema,
  infoPageSchema,
  infoSummarySchema,
  innovationCategorySchema,
  newsDetailSchema,
  newsSummarySchema,
  pageSectionSchema,
  productCategorySchema,
  productSchema,
  productSummarySchema,
  solutionSchema,
  solutionSummarySchema,
  topicSchema,
  wjUrlSchema,
} from './content';
import { feedbackSchema } from './feedback';
import { orderSchema } from './order';
import { confirmBody, correlationBody } from './portal-requests';
import { searchResultsSchema } from './search';

/**
 * The OpenAPI description of the portal API (SPEC §7 and the read calls pages
 * use) and the central account service. Served at `/api/openapi.json`; the API
 * tests validate real answers against it. Every shape the contract declares as a
 * schema is converted from that schema here, so the description says what the
 * code accepts and answers; the rest is written out below.
 */

type Schema = Record<string, unknown>;

const str = { type: 'string' };
const int = { type: 'integer' };
const bool = { type: 'boolean' };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const arrayOf = (items: Schema) => ({ type: 'array', items });
const obj = (properties: Record<string, Schema>, required = Object.keys(properties)) => ({
  type: 'object',
  properties,
  required,
});

/** `{code: '0000', result, msg, status}` around a payload. */
const envelope = (result: Schema) =>
  obj({ code: { const: '0000' }, result, msg: str, status: int }, ['code', 'result']);
/** The legacy `{code, data}` shape of a few site calls. */
const dataEnvelope = (data: Schema) => obj({ code: { const: '0000' }, data, msg: str, status: int }, ['code', 'data']);
const paged = (item: Schema) => obj({ list: arrayOf(item), total: int, page: int, pageSize: int });

/** The contract's schemas as JSON Schema, their references pointing into `components`. */
const fromContract = JSON.parse(
  JSON.stringify(
    toJsonSchemaDefs(
      {
        ProductCategory: productCategorySchema,
        ProductSummary: productSummarySchema,
        Edition: editionSchema,
        Product: productSchema,
        SolutionSummary: solutionSummarySchema,
        Solution: solutionSchema,
        CaseSummary: caseSummarySchema,
        Case: caseDetailSchema,
        NewsSummary: newsSummarySchema,
        News: newsDetailSchema,
        InnovationCategory: innovationCategorySchema,
        GsweProgramme: gsweProgrammeSchema,
        CxyyProgramme: cxyyProgrammeSchema,
        Section: pageSectionSchema,
        HelpArticleSummary: helpArticleSummarySchema,
        HelpArticle: helpArticleSchema,
        InfoSummary: infoSummarySchema,
        InfoPage: infoPageSchema,
        Film: filmSchema,
        Topic: topicSchema,
        WjUrl: wjUrlSchema,
        SearchResults: searchResultsSchema,
        OrderRequest: orderSchema,
        FeedbackRequest: feedbackSchema,
        ChatCard: chatCard,
        ChatCardRequest: chatCardRequest,
        ChatMessageRequest: visitorMessage,
        CorrelationRequest: correlationBody,
        ConfirmRequest: confirmBody,
      },
      // Transforms (trimming, say) have no JSON Schema; the checks around them do.
      { target: 'draft-2020-12', errorMode: 'ignore' },
    ),
  ).replaceAll('#/$defs/', '#/components/schemas/'),
) as Record<string, Schema>;

const failure = {
  description: '失败：{code, msg, status}',
  content: { 'application/json': { schema: ref('Failure') } },
};
const answer = (schema: Schema, description = '成功') => ({
  description,
  content: { 'application/json': { schema } },
});

const query = (name: string, schema: Schema, required = false, description?: string) => ({
  name,
  in: 'query',
  required,
  schema,
  description,
});
const path = (name: string, schema: Schema = str) => ({ name, in: 'path', required: true, schema });
const bearer = [{ bearer: [] }];
const companyHeader = {
  name: 'companyId',
  in: 'header',
  required: false,
  schema: str,
  description: '调用方企业；非本企业则 403，0 表示无',
};
const chatVisitor = {
  name: 'X-Chat-Visitor',
  in: 'header',
  required: false,
  schema: str,
  description:
    '匿名访客的标识，由 POST /api/chat/visitors 签发并签名，浏览器保存后原样发送；服务未签发的标识 401（code E0401V，请重新申请）；带有效登录令牌时以令牌为准',
};
const paging = [query('page', int), query('pageSize', int)];

const read = (summary: string, schema: Schema, parameters: unknown[] = [], notFound = false) => ({
  get: {
    summary,
    parameters,
    responses: { 200: answer(schema), 400: failure, ...(notFound ? { 404: failure } : {}) },
  },
});

const signedIn = (method: 'get' | 'post', summary: string, schema: Schema, body?: Schema) => ({
  [method]: {
    summary,
    security: bearer,
    parameters: [companyHeader],
    ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } } : {}),
    responses: {
      200: answer(schema),
      400: failure,
      401: failure,
      403: failure,
      404: failure,
      409: failure,
      413: failure,
    },
  },
});

export const openApiDocument = {
  openapi: '3.1.0',
  info: {
    title: '智造云门户 API（内置后端）',
    version: '1.0.0',
    description: '门户 API 与统一账号服务。成功码 0000；失败以 HTTP 状态与 {code, msg, status} 返回，msg 为中文。',
  },
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    schemas: {
      ...fromContract,
      Failure: obj({ code: str, msg: str, status: int }),
      PageCommon: obj({
        commonHotProductSingleDTO: obj({
          commonHotProductDTOList: arrayOf(obj({ id: int, productName: str, productId: int })),
        }),
        commonSolutionSingleDTO: obj({ solutionDTOList: arrayOf(obj({ id: int, title: str })) }),
        innovationPracticeNav: arrayOf(ref('InnovationCategory')),
        newsCategoryDTOList: arrayOf(obj({ id: int, title: str })),
        logoDTO: obj({ photo: str }),
        footerCommonDTO: obj({
          photo1: str,
          title1: str,
          photo2: str,
          title2: str,
          serviceHotline: str,
          serviceTime: str,
          address: str,
        }),
        navStatus: bool,
      }),
      FriendlyLink: obj({ id: int, name: str, url: { type: 'string', format: 'uri' } }),
      Agreement: obj({ code: str, templateVersion: str, title: str, content: str }),
      Order: obj({
        orderNo: { type: 'string', pattern: '^ZZY[A-Za-z2-9]{16}$' },
        companyId: int,
        companyName: str,
        productId: int,
        productName: str,
        editionId: int,
        editionName: str,
        unit: str,
        unitPriceFen: int,
        quantity: int,
        totalFen: int,
        contactName: str,
        contactPhone: str,
        remark: str,
        status: { enum: ['submitted'] },
        createdAt: str,
      }),
      Tokens: obj({ accessToken: str, refreshToken: str, expiresIn: int }),
      UserInfo: obj({
        name: str,
        userName: str,
        headImg: str,
        mobile: str,
        companyId: { type: ['integer', 'null'] },
        companyName: { type: ['string', 'null'] },
        potalStatus: bool,
      }),
      ChatMessage: obj(
        {
          id: int,
          conversationId: int,
          sender: { enum: ['visitor', 'agent'] },
          kind: { enum: ['text', 'card', 'metadata'] },
          text: str,
          card: ref('ChatCard'),
          metadata: obj({ name: str, mobile: str }),
          clientId: { type: ['string', 'null'] },
          createdAt: int,
        },
        ['id', 'conversationId', 'sender', 'kind', 'clientId', 'createdAt'],
      ),
      ConsoleChatCard: obj({
        type: { enum: [1, 2] },
        associationNo: str,
        name: str,
        introduction: str,
        backgroundType: int,
        backgroundUrl: str,
      }),
    },
  },
  paths: {
    '/api/common/index': read(
      '页面公共数据（data.pageCommonDTO）',
      dataEnvelope(obj({ pageCommonDTO: ref('PageCommon') })),
    ),
    '/api/wjUrl': read('问卷地址', envelope(ref('WjUrl'))),
    '/api/innovate/category': read('创新实训分类', dataEnvelope(arrayOf(ref('InnovationCategory')))),
    '/api/innovate/gswe/{id}': read('工厂式实训（gswe 模板）', envelope(ref('GsweProgramme')), [path('id', int)], true),
    '/api/innovate/cxyy/{id}': read('创新应用（cxyy 模板）', envelope(ref('CxyyProgramme')), [path('id', int)], true),
    '/api/friendly-link/list': {
      post: { summary: '友情链接', responses: { 200: answer(envelope(arrayOf(ref('FriendlyLink')))) } },
    },
    '/api/product-categories': read('产品分类', envelope(arrayOf(ref('ProductCategory')))),
    '/api/products': read('产品列表', envelope(paged(ref('ProductSummary'))), [...paging, query('categoryId', int)]),
    '/api/products/{key}': read('产品详情（id 或 associationNo）', envelope(ref('Product')), [path('key')], true),
    '/api/solutions': read('解决方案列表', envelope(paged(ref('SolutionSummary'))), paging),
    '/api/solutions/{key}': read('解决方案详情（id 或 associationNo）', envelope(ref('Solution')), [path('key')], true),
    '/api/cases': read('案例列表', envelope(paged(ref('CaseSummary'))), [...paging, query('industry', str)]),
    '/api/cases/{id}': read('案例详情', envelope(ref('Case')), [path('id', int)], true),
    '/api/news-categories': read('新闻分类', envelope(arrayOf(obj({ id: int, title: str })))),
    '/api/news': read('新闻列表', envelope(paged(ref('NewsSummary'))), [...paging, query('categoryId', int)]),
    '/api/news/{id}': read('新闻详情', envelope(ref('News')), [path('id', int)], true),
    '/api/pages/{page}': read(
      '页面分节（partners、about）',
      envelope(arrayOf(ref('Section'))),
      [path('page', { enum: ['partners', 'about'] })],
      true,
    ),
    '/api/help': read('帮助中心文章列表', envelope(arrayOf(ref('HelpArticleSummary')))),
    '/api/help/{id}': read('帮助文章（49 为隐私政策）', envelope(ref('HelpArticle')), [path('id', int)], true),
    '/api/info': read('资讯页列表', envelope(arrayOf(ref('InfoSummary')))),
    '/api/info/{id}': read('资讯页', envelope(ref('InfoPage')), [path('id', int)], true),
    '/api/films': read('宣传片', envelope(arrayOf(ref('Film'))), [query('year', int)]),
    '/api/films/{year}/{name}': read('宣传片详情', envelope(ref('Film')), [path('year', int), path('name')], true),
    '/api/topics/{slug}': read('专题页（battery）', envelope(ref('Topic')), [path('slug')], true),
    '/api/search': read(
      '站内搜索：产品、解决方案、案例、新闻（全部类型各取前 pageSize 条，或按 type 分页）',
      envelope(ref('SearchResults')),
      [query('keyword', str, false, '最多 64 个字，空格分隔的词须全部出现'), query('type', str), ...paging],
    ),
    '/api/feedback': {
      post: {
        summary: '提交意见反馈（每个地址每 10 分钟限 5 条）',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                allOf: [
                  ref('FeedbackRequest'),
                  obj({ page: { type: 'string', description: '提交时所在页面（可选）' } }, []),
                ],
              },
            },
          },
        },
        responses: { 200: answer(envelope(obj({ id: int }))), 400: failure, 413: failure, 429: failure },
      },
    },
    '/api-kernel-portal/api/sys-users/common-login-info': signedIn(
      'get',
      '当前用户（门户视角）',
      envelope(obj({ userName: str, mobile: str, companyId: { type: ['integer', 'null'] }, potalStatus: bool })),
    ),
    '/api-kernel-portal/api/getCorrelationCompanyList': signedIn(
      'post',
      '可下单的关联企业',
      envelope(arrayOf(obj({ companyId: int, companyName: str, certified: bool, hasAdministrator: bool }))),
      ref('CorrelationRequest'),
    ),
    '/api-kernel-portal/api/verify/business': signedIn('get', '企业是否已设置管理员', envelope(bool)),
    '/api-zzy-portal/api/contract/check': signedIn('get', '待确认的协议', envelope(arrayOf(ref('Agreement')))),
    '/api-zzy-portal/api/contract/confirm': signedIn('post', '确认协议', envelope(bool), ref('ConfirmRequest')),
    '/api-zzy-portal/api/orders': {
      ...signedIn(
        'get',
        '本企业的订单（需已认证且已设置管理员，否则 403 E4031/E4032）',
        envelope(paged(ref('Order'))),
        undefined,
      ),
      ...signedIn(
        'post',
        '下单（按 idempotencyKey 去重；400 附 errors 字段）',
        envelope(ref('Order')),
        ref('OrderRequest'),
      ),
    },
    '/api-zzy-portal/api/orders/{orderNo}': {
      get: {
        ...signedIn('get', '本企业的一份订单；其他企业的订单为 404', envelope(ref('Order'))).get,
        parameters: [companyHeader, path('orderNo')],
      },
    },
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
    '/api/chat/access': {
      get: {
        summary: '调用页面的来源能否使用在线客服（门户自身与 CHAT_PARTNER_ORIGINS；任何来源可读，总是 200）',
        responses: { 200: answer(envelope(obj({ allowed: bool }))) },
      },
    },
    '/api/chat/cards/{key}': read(
      '在线客服卡片（产品 1 / 解决方案 2，按 associationNo）',
      envelope(ref('ConsoleChatCard')),
      [path('key')],
      true,
    ),
    '/api/chat/messages': {
      get: {
        summary: '访客的聊天记录（X-Chat-Visitor 或登录令牌识别访客）',
        parameters: [chatVisitor, query('after', int)],
        responses: {
          200: answer(
            envelope(
              obj({
                conversationId: { type: ['integer', 'null'] },
                agentOnline: bool,
                messages: arrayOf(ref('ChatMessage')),
              }),
            ),
          ),
          400: failure,
          401: failure,
          403: failure,
        },
      },
      post: {
        summary:
          '访客发送消息：文字（不超过 500 字），或卡片 {type: 1 产品 / 2 解决方案, associationNo}，由服务按编号生成标题、简介、图片和站内链接（/product/{associationNo} 或 /solution/{associationNo}），访客给的链接和标题一概不用，未知编号 400；同一 clientId 只存一次；限速',
        parameters: [chatVisitor],
        requestBody: { required: true, content: { 'application/json': { schema: ref('ChatMessageRequest') } } },
        responses: {
          200: answer(envelope(ref('ChatMessage'))),
          400: failure,
          401: failure,
          403: failure,
          429: failure,
        },
      },
    },
    '/api/chat/visitors': {
      post: {
        summary:
          '签发匿名访客标识（浏览器保存，作为 X-Chat-Visitor 发送）；previous 为签名前保存的旧标识且已有会话时，签发同一访客的标识；每个地址每小时有限（CHAT_VISITORS_PER_ADDRESS）',
        requestBody: {
          required: false,
          content: { 'application/json': { schema: obj({ previous: str }) } },
        },
        responses: { 200: answer(envelope(obj({ visitor: str }))), 400: failure, 403: failure, 429: failure },
      },
    },
    '/api/chat/metadata': {
      post: {
        summary: '登录访客的姓名和手机号（取自登录账号，只发一次）',
        security: bearer,
        responses: { 200: answer(envelope(obj({ sent: bool }))), 401: failure },
      },
    },
    '/api/chat/events': {
      get: {
        summary: '实时消息流（Server-Sent Events；Last-Event-ID 之后的消息，再推送新消息和客服在线状态）',
        parameters: [chatVisitor, { name: 'Last-Event-ID', in: 'header', required: false, schema: str }],
        responses: {
          200: {
            description:
              'text/event-stream：message（id 为消息 id）、presence；无消息超过 CHAT_STREAM_IDLE_MS 时发送 idle 并结束，页面在访客操作时再连接',
          },
          401: failure,
          403: failure,
          429: {
            description:
              '同一访客（CHAT_STREAMS_PER_VISITOR）或同一地址（CHAT_STREAMS_PER_ADDRESS）的连接已满；Retry-After 秒后再试',
          },
          503: { description: '本实例的连接已满（CHAT_STREAMS_TOTAL）；Retry-After 秒后再试' },
        },
      },
    },
    '/api/guc/protocol/oauth2/logout': {
      get: {
        summary: '退出登录',
        parameters: [query('token', str), query('redirectUri', str)],
        responses: { 303: { description: '回到登记的 redirectUri，否则回首页' } },
      },
    },
  },
} as const;
