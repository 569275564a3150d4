import {
  answer,
  arrayOf,
  bool,
  companyHeader,
  dataEnvelope,
  envelope,
  failure,
  int,
  obj,
  paged,
  paging,
  path,
  query,
  read,
  ref,
  signedIn,
  str,
} from './openapi-parts';

/** The portal API's paths: the read calls pages use, feedback, and the signed-in customer's calls (SPEC §7). */
export const portalPaths = {
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
} as const;
