import { type Request, type Response, Router } from 'express';
import { auditRoutes } from './audit-page';
import { composeRoutes } from './compose-page';
import { contentHubRoutes } from './content-hub';
import type { Studio } from './context';
import { feedbackDeskRoutes } from './feedback-desk';
import { homeRoutes } from './home';
import { mediaLibraryRoutes } from './media-library';
import { ordersDeskRoutes } from './orders-desk';
import { ownAccountRoutes } from './own-account';
import { editorCsp } from './rich-text-field';
import { signInRoutes } from './sign-in';
import { staffAdminRoutes } from './staff-admin';
import { renderStudioPage } from './studio-page';

export type { Studio } from './context';

/**
 * The site owner's studio at `/studio`, for staff only: signing in, the first
 * administrator, staff accounts and roles, the audit log, and one's own
 * password. Served by the embedded back-end only (`local`); elsewhere the
 * company's own back-office does this.
 */
export function studioRoutes(studio: Studio): Router {
  const router = Router();
  router.use('/studio', studio.auth.cookies, editorCsp);
  router.use(signInRoutes(studio));
  router.use(homeRoutes(studio));
  router.use(contentHubRoutes(studio));
  for (const desk of studio.desks) router.use(desk.routes(studio));
  router.use(ordersDeskRoutes(studio), feedbackDeskRoutes(studio));
  router.use(mediaLibraryRoutes(studio, studio.media));
  router.use(composeRoutes(studio));
  router.use(staffAdminRoutes(studio));
  router.use(ownAccountRoutes(studio));
  router.use(auditRoutes(studio));
  return router;
}

/** A staff form posted from elsewhere, or with a token that is no longer good: said as a page, nothing changed. */
export function refuseStaffForm(_req: Request, res: Response): void {
  res
    .status(403)
    .type('html')
    .setHeader('Cache-Control', 'no-store')
    .send(
      renderStudioPage({
        nonce: res.locals.cspNonce,
        title: '无法提交',
        narrow: true,
        children: (
          <div className="card">
            <h1>无法提交</h1>
            <p>表单已失效或来自其他网站，没有做任何修改。请返回上一页，刷新后重新提交。</p>
            <p>
              <a href="/studio">回到工作室</a>
            </p>
          </div>
        ),
      }),
    );
}
