import cors from 'cors';
import { type Request, type Response, Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { successData } from '../../contract/envelope';
import { checkFeedback, FEEDBACK_LIMIT, FEEDBACK_RATE, postedFromAnotherSite } from '../../contract/feedback';
import { ASSOCIATION_NO_PATTERN, NUMERIC_ID_PATTERN, SLUG_PATTERN } from '../../contract/ids';
import type { MediaUrl } from '../../contract/media';
import { openApiDocument } from '../../contract/openapi';
import * as schemas from '../../contract/portal-requests';
import type { AppRegistry } from '../accounts/apps';
import type { AccountStore } from '../accounts/store';
import { ApiFailure, apiErrors, badRequest, forbidden, notFound, ok, parse } from '../envelope';
import type { FeedbackStore } from '../feedback/feedback-store';
import { jsonBody } from '../http/json-body';
import type { LimitStores } from '../http/limit-store';
import { ownOrigin } from '../http/own-origin';
import type { SearchStore } from '../search/search-store';
import { currentUser, requireUser } from './auth';
import type { ContentStore } from './content-store';
import type { CustomerStore } from './customer-store';
import { orderApi } from './order-routes';
import type { OrderStore } from './order-store';
import { buildPageCommon } from './page-common';

export interface PortalApiOptions {
  content: ContentStore;
  search: SearchStore;
  feedback: FeedbackStore;
  /** Feedback entries per address per ten minutes (default 5). */
  feedbackLimit?: number;
  /** Where the feedback limit counts (default: in this process). */
  limits?: LimitStores;
  customers: CustomerStore;
  accounts: AccountStore;
  /** The brand segment of `/api-{brand}-portal/`. */
  brand: string;
  /** Origins of registered applications (the console) may make signed-in calls. */
  apps: AppRegistry;
  orders: OrderStore;
  /** The addresses the common data gives its images. */
  mediaUrl: MediaUrl;
}

const API_HEADERS = ['Authorization', 'companyId', 'Content-Type', 'Cache-Control'];

const JSON_LIMIT = '16kb';

/** A path id: numeric ids and association numbers; anything else is unknown. */
function pathKey(value: string | undefined, allowAssociationNo = false): number | string {
  if (value && NUMERIC_ID_PATTERN.test(value)) return Number(value);
  if (allowAssociationNo && value && ASSOCIATION_NO_PATTERN.test(value)) return value;
  throw notFound();
}

const found = <T>(value: T | undefined): T => {
  if (value === undefined) throw notFound();
  return value;
};

/** `{code, data, msg}`: the shape a few legacy calls answer with (SPEC §7). */
const okData = (res: Response, data: unknown) => res.json(successData(data));

/**
 * The portal API of SPEC §7, plus the read calls the pages need, under the same
 * envelope. Mounted at the site root: it owns `/api/`, `/api-kernel-portal/` and
 * `/api-{brand}-portal/`.
 */
export function portalApi({
  content,
  search,
  feedback,
  feedbackLimit = FEEDBACK_RATE.limit,
  limits,
  customers,
  accounts,
  brand,
  apps,
  orders,
  mediaUrl,
}: PortalApiOptions): Router {
  const router = Router();
  const signedIn = requireUser(accounts);
  // Public content is public: elements on any page may read it. Calls for a
  // signed-in customer are open only to the origins registered for the portal.
  router.use('/api', cors({ origin: true, allowedHeaders: API_HEADERS, maxAge: 600 }));
  router.use(
    [`/api-kernel-portal`, `/api-${brand}-portal`],
    cors({
      origin: (origin, done) => done(null, !!origin && apps.knows(origin)),
      allowedHeaders: API_HEADERS,
      maxAge: 600,
    }),
  );
  router.use(['/api', '/api-kernel-portal', `/api-${brand}-portal`], jsonBody(JSON_LIMIT));

  router.get('/api/openapi.json', async (_req, res) => void res.json(openApiDocument));

  router.get('/api/common/index', async (_req, res) =>
    okData(res, { pageCommonDTO: await buildPageCommon(content, mediaUrl) }),
  );

  router.get('/api/wjUrl', async (_req, res) => ok(res, { url: (await content.setting<string>('wjUrl')) ?? null }));
  router.get('/api/innovate/category', async (_req, res) => okData(res, await content.innovationCategories()));
  for (const template of ['gswe', 'cxyy'] as const) {
    router.get(`/api/innovate/${template}/:id`, async (req, res) => {
      ok(res, found(await content.programme(pathKey(req.params.id) as number, template)));
    });
  }
  router.post('/api/friendly-link/list', async (_req, res) => ok(res, await content.friendlyLinks()));

  router.get('/api/product-categories', async (_req, res) => ok(res, await content.productCategories()));
  router.get('/api/products', async (req, res) =>
    ok(res, await content.products(parse(schemas.productQuery, req.query))),
  );
  router.get('/api/products/:key', async (req, res) =>
    ok(res, found(await content.product(pathKey(req.params.key, true)))),
  );
  router.get('/api/solutions', async (req, res) =>
    ok(res, await content.solutions(parse(schemas.pageQuery, req.query))),
  );
  router.get('/api/solutions/:key', async (req, res) =>
    ok(res, found(await content.solution(pathKey(req.params.key, true)))),
  );
  router.get('/api/cases', async (req, res) => ok(res, await content.cases(parse(schemas.caseQuery, req.query))));
  router.get('/api/cases/:id', async (req, res) =>
    ok(res, found(await content.caseById(pathKey(req.params.id) as number))),
  );
  router.get('/api/news-categories', async (_req, res) => ok(res, await content.newsCategories()));
  router.get('/api/news', async (req, res) => ok(res, await content.news(parse(schemas.newsQuery, req.query))));
  router.get('/api/news/:id', async (req, res) =>
    ok(res, found(await content.newsItem(pathKey(req.params.id) as number))),
  );
  router.get('/api/pages/:page', async (req, res) => {
    if (req.params.page !== 'partners' && req.params.page !== 'about') throw notFound();
    ok(res, await content.sections(req.params.page));
  });
  router.get('/api/help', async (_req, res) => ok(res, await content.helpArticles()));
  router.get('/api/help/:id', async (req, res) =>
    ok(res, found(await content.helpArticle(pathKey(req.params.id) as number))),
  );
  router.get('/api/info', async (_req, res) => ok(res, await content.infoPages()));
  router.get('/api/info/:id', async (req, res) =>
    ok(res, found(await content.infoPage(pathKey(req.params.id) as number))),
  );
  router.get('/api/films', async (req, res) => ok(res, await content.films(parse(schemas.filmQuery, req.query).year)));
  router.get('/api/films/:year/:name', async (req, res) => {
    const year = pathKey(req.params.year) as number;
    if (!SLUG_PATTERN.test(req.params.name ?? '')) throw notFound();
    ok(res, found(await content.film(year, req.params.name)));
  });
  router.get('/api/topics/:slug', async (req, res) => {
    if (!SLUG_PATTERN.test(req.params.slug ?? '')) throw notFound();
    ok(res, found(await content.topic(req.params.slug)));
  });

  router.get('/api/search', async (req, res) => ok(res, await search.search(parse(schemas.searchQuery, req.query))));
  router.post(
    '/api/feedback',
    // As the portal's form: no other site may make its visitors' browsers post entries.
    (req, _res, next) =>
      next(
        postedFromAnotherSite(req.get('Origin'), ownOrigin(req)) ? forbidden('请在本站的意见反馈页提交') : undefined,
      ),
    // The same allowance as the portal's own form: the API is the other door to the same
    // store. Only stored entries count: a visitor's mistakes do not use it up.
    rateLimit({
      skipFailedRequests: true,
      windowMs: FEEDBACK_RATE.windowMs,
      limit: feedbackLimit,
      store: limits?.(FEEDBACK_LIMIT),
      // While the database cannot be reached, the store's own 503 answers (with Retry-After).
      passOnStoreError: true,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: (_req, _res, next) => next(new ApiFailure(429, 'E0429', '提交过于频繁，请稍后再试')),
    }),
    async (req, res) => {
      const checked = checkFeedback(req.body);
      if (!checked.ok) throw badRequest(Object.values(checked.errors).join('；'));
      ok(res, {
        id: await feedback.add(checked.value, typeof req.body?.page === 'string' ? req.body.page.slice(0, 200) : null),
      });
    },
  );

  // Signed-in customers.
  router.get('/api-kernel-portal/api/sys-users/common-login-info', signedIn, async (_req, res) => {
    const user = currentUser(res);
    const company = user.company_id === null ? undefined : await customers.company(user.company_id);
    ok(res, {
      userName: user.username,
      mobile: user.mobile,
      companyId: company?.id ?? null,
      potalStatus: company?.certified === 1,
    });
  });
  router.post('/api-kernel-portal/api/getCorrelationCompanyList', signedIn, async (req: Request, res) => {
    parse(schemas.correlationBody, req.body);
    ok(res, await customers.correlatedCompanies(currentUser(res).company_id));
  });
  router.get('/api-kernel-portal/api/verify/business', signedIn, async (_req, res) => {
    ok(res, await customers.hasAdministrator(currentUser(res).company_id));
  });
  router.get(`/api-${brand}-portal/api/contract/check`, signedIn, async (_req, res) => {
    ok(res, await customers.pendingAgreements(currentUser(res).id));
  });
  router.post(`/api-${brand}-portal/api/contract/confirm`, signedIn, async (req, res) => {
    const { sceneCode, contractVersion } = parse(schemas.confirmBody, req.body);
    if (!(await customers.confirmAgreement(currentUser(res).id, sceneCode, contractVersion)))
      throw notFound('该协议版本不存在');
    ok(res, true);
  });

  router.use(orderApi({ orders, customers, content, signedIn, brand }));

  // Unknown API addresses answer in the envelope, not with the HTML 404 page.
  router.all(['/api/{*rest}', '/api-kernel-portal/{*rest}', `/api-${brand}-portal/{*rest}`], () => {
    throw notFound('接口不存在');
  });
  router.use(['/api', '/api-kernel-portal', `/api-${brand}-portal`], apiErrors);
  return router;
}
