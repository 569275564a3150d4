import { Router } from 'express';
import { type Studio, sendStudioPage, signedIn } from './context';

/** The kinds of content the studio edits, one link each: the way into every desk. */
export function contentHubRoutes(studio: Studio): Router {
  const router = Router();
  router.get('/studio/content', signedIn(studio, 'draft'), (req, res) =>
    sendStudioPage(studio, req, res, {
      title: '内容',
      current: '/studio/content',
      children: (
        <>
          <h1>内容</h1>
          <p>每处修改先存为草稿，预览后由发布人发布；发布后访客立即看到。</p>
          <ul className="tiles" aria-label="内容类别">
            {studio.desks.map((desk) => (
              <li key={desk.base}>
                <a href={desk.base}>{desk.label}</a>
              </li>
            ))}
          </ul>
          <p>
            <a href="/studio/media">媒体库</a>：上传图片，插入正文或用在页面上。
          </p>
        </>
      ),
    }),
  );
  return router;
}
