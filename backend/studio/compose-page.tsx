import express, { type Request, type Response, Router } from 'express';
import { sanitizeRichText } from '../publishing/rich-text';
import { formToken, type Studio, sendStudioPage, signedIn } from './context';
import { RichTextField } from './rich-text-field';

const form = express.urlencoded({ extended: false, limit: '256kb', parameterLimit: 10 });

/**
 * 试写图文: the rich-text editor on its own, saving nothing. Rich text is
 * written and images inserted (uploaded into the media library), and the page
 * shows what saving would keep, by the pages' rules, as it looks and as HTML.
 */
export function composeRoutes(studio: Studio): Router {
  const router = Router();
  const editor = signedIn(studio, 'draft');

  const show = (req: Request, res: Response, html = '', saved?: string) =>
    sendStudioPage(studio, req, res, {
      title: '试写图文',
      current: '/studio/content',
      richText: true,
      children: (
        <>
          <p>
            <a href="/studio/media">媒体库</a> / 试写图文
          </p>
          <div className="card">
            <h1>试写图文</h1>
            <p>在这里写的内容不会保存，只看保存后的样子：不支持的标签和脚本去掉，图片生成各尺寸。</p>
            <form method="post" action="/studio/media/compose" noValidate>
              <input type="hidden" name="csrf" value={formToken(studio, req, res)} />
              <RichTextField name="html" label="正文" value={html} />
              <button type="submit">查看保存后的样子</button>
            </form>
          </div>
          {saved !== undefined && (
            <div className="card">
              <h2 id="saved">保存后的样子</h2>
              <div className="preview" dangerouslySetInnerHTML={{ __html: saved }} />
              <label className="label" htmlFor="saved-html">
                保存后的 HTML
              </label>
              <textarea id="saved-html" rows={8} readOnly defaultValue={saved} />
            </div>
          )}
        </>
      ),
    });

  router.get('/studio/media/compose', editor, (req, res) => show(req, res));
  router.post('/studio/media/compose', editor, form, studio.auth.forms.check, (req, res) => {
    const html = typeof req.body.html === 'string' ? req.body.html : '';
    show(req, res, html, sanitizeRichText(html));
  });
  return router;
}
