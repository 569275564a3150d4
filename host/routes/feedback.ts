import express, { type Request, type RequestHandler, Router } from 'express';
import type { Store } from 'express-rate-limit';
import { checkFeedback, FEEDBACK_RATE, postedFromAnotherSite } from '../../contract/feedback';
import type { FeedbackSink } from '../data/feedback';
import { renderFeedback } from '../pages/feedback';
import { type PageDeps, pageContext, publicOrigin, sendPage } from './page-context';
import { queryText } from './params';
import { feedbackRateLimit } from './rate-limit';

const FORM_FIELDS = ['topic', 'content', 'contactName', 'contact'] as const;

const formValues = (req: Request) =>
  Object.fromEntries(FORM_FIELDS.map((field) => [field, queryText(req.body?.[field])]));

/**
 * `/feedback`: the form (GET), its submission (POST, a plain form post that
 * works without scripts), and the confirmation after a redirect, so a reload
 * never sends an entry twice. A rejected entry comes back with every value kept.
 */
export function feedbackRoutes(
  deps: PageDeps & { feedback: FeedbackSink },
  limit: number = FEEDBACK_RATE.limit,
  /** Where the posts are counted (default: in this process). */
  store?: Store,
): Router {
  const router = Router();
  const show =
    (status: number, state: Parameters<typeof renderFeedback>[1]): RequestHandler =>
    async (req, res) =>
      sendPage(res, renderFeedback(await pageContext(req, deps), state, status), status);

  router.get('/feedback', async (req, res, next) =>
    (queryText(req.query.sent) === '1'
      ? show(200, { kind: 'sent' })
      : show(200, { kind: 'form', values: { topic: queryText(req.query.topic) } }))(req, res, next),
  );
  router.post(
    '/feedback',
    express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 20 }),
    // A page elsewhere could make its visitors' browsers post here, each from its
    // own address; browsers name the page's origin, so those are refused.
    (req, res, next) => {
      if (!postedFromAnotherSite(req.get('Origin'), publicOrigin(req, deps.publicOrigin))) return next();
      show(403, { kind: 'form', values: formValues(req), problem: '请在本站的意见反馈页提交。' })(req, res, next);
    },
    feedbackRateLimit({
      limit,
      store,
      // What was typed comes back with the refusal, to send again later.
      handler: (req, res, next) =>
        show(429, { kind: 'form', values: formValues(req), problem: '提交过于频繁，请 10 分钟后再试。' })(
          req,
          res,
          next,
        ),
    }),
    async (req, res, next) => {
      const values = formValues(req);
      const checked = checkFeedback(values);
      if (!checked.ok) return show(400, { kind: 'form', values, errors: checked.errors })(req, res, next);
      try {
        await deps.feedback.submit(checked.value, req.get('referer')?.slice(0, 200) ?? null);
      } catch (error) {
        req.log?.error({ err: error }, 'feedback could not be stored');
        return show(503, { kind: 'form', values, problem: '提交失败，请稍后重试；您填写的内容已保留。' })(
          req,
          res,
          next,
        );
      }
      res.redirect(303, '/feedback?sent=1');
    },
  );
  return router;
}
