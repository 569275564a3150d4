import type { NextFunction, Request, Response } from 'express';
import { Router } from 'express';
import { mediaAddress } from '../../contract/media-images';
import { MultipartError, readMultipart } from '../http/multipart';
import { describeBytes, type MediaLibrary } from '../media/library';
import { KIND_NAMES, MediaRefusal } from '../media/variants';
import { formToken, type Studio, sendStudioPage, sessionOf, signedIn } from './context';
import { MediaList } from './media-list';
import { RICH_TEXT_UPLOAD } from './rich-text-field';
import { FormErrors, Notice } from './studio-page';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';
/** Room for the form's other fields and the parts' headers, beside the image itself. */
const FORM_OVERHEAD = 64 * 1024;

const DONE: Record<string, string> = {
  uploaded: '图片已上传，各尺寸已生成。',
  again: '这张图片已在媒体库中，没有重复保存。',
};

/** What the refusal of a body says, before its fields could be read. */
const bodyRefusal = (error: MultipartError, library: MediaLibrary) =>
  error.status === 413 ? `图片太大：最大 ${describeBytes(library.maxBytes)}` : '上传的表单不完整，请重新选择图片后再试';

/** The media library: upload images (made into the pages' sizes once), see them, and take their address or HTML. */
export function mediaLibraryRoutes(studio: Studio, library: MediaLibrary): Router {
  const router = Router();
  const editor = signedIn(studio, 'draft');
  const by = (res: Response) => ({ id: sessionOf(res).staff.id, name: sessionOf(res).staff.name });

  const show = async (req: Request, res: Response, edit: { alt?: string; error?: string } = {}, status = 200) => {
    const items = await library.list();
    const errors: Record<string, string> = edit.error ? { image: edit.error } : {};
    sendStudioPage(
      studio,
      req,
      res,
      {
        title: '媒体库',
        current: '/studio/content',
        children: (
          <>
            <p>
              <a href="/studio/content">内容</a> / 媒体库
            </p>
            <div className="card">
              <h1>媒体库</h1>
              <Notice text={DONE[String(req.query.done ?? '')]} />
              <FormErrors errors={errors} />
              <form method="post" action="/studio/media" encType="multipart/form-data" noValidate>
                <input type="hidden" name="csrf" value={formToken(studio, req, res)} />
                <label htmlFor="field-image">图片</label>
                <input
                  id="field-image"
                  name="image"
                  type="file"
                  accept={ACCEPT}
                  required
                  aria-invalid={edit.error ? true : undefined}
                  aria-describedby={`field-image-hint${edit.error ? ' field-image-error' : ''}`}
                />
                <p className="hint" id="field-image-hint">
                  {KIND_NAMES}，最大 {describeBytes(library.maxBytes)}
                  。上传时去掉拍摄地点等信息，并生成页面所需的各种尺寸。
                </p>
                {edit.error && (
                  <p className="field-error" id="field-image-error">
                    {edit.error}
                  </p>
                )}
                <label htmlFor="field-alt">图片说明</label>
                <input
                  id="field-alt"
                  name="alt"
                  type="text"
                  maxLength={200}
                  defaultValue={edit.alt}
                  aria-describedby="field-alt-hint"
                />
                <p className="hint" id="field-alt-hint">
                  图片里有什么：读屏软件读出它，图片打不开时显示它。
                </p>
                <button type="submit">上传</button>
              </form>
              <p>
                <a href="/studio/media/compose">试写图文</a>：在编辑器里插入图片，看保存后的样子和 HTML。
              </p>
            </div>
            <div className="card">
              <h2>已上传的图片</h2>
              <MediaList items={items} />
            </div>
          </>
        ),
      },
      status,
    );
  };

  /** Reads a multipart body into `req.body` (its fields, for the token check) and `res.locals.files`. */
  const multipart =
    (refuse: (req: Request, res: Response, message: string, status: number) => unknown) =>
    async (req: Request, res: Response, next: NextFunction) => {
      try {
        const body = await readMultipart(req, { maxBytes: library.maxBytes + FORM_OVERHEAD });
        req.body = body.fields;
        res.locals.files = body.files;
        next();
      } catch (error) {
        if (!(error instanceof MultipartError)) throw error;
        // The rest of a body too large is not read: the connection goes once this is answered.
        if (error.status === 413) res.setHeader('Connection', 'close');
        await refuse(req, res, bodyRefusal(error, library), error.status);
      }
    };
  const fileOf = (res: Response) => {
    const file = (res.locals.files as Array<{ field: string; fileName: string; data: Buffer }>).find(
      (one) => one.field === 'image',
    );
    return { name: file?.fileName ?? '', bytes: file?.data ?? Buffer.alloc(0) };
  };
  const altOf = (req: Request) => (typeof req.body?.alt === 'string' ? req.body.alt.trim().slice(0, 200) : '');

  router.get('/studio/media', editor, (req, res) => show(req, res));
  router.post(
    '/studio/media',
    editor,
    multipart((req, res, error, status) => show(req, res, { error }, status)),
    studio.auth.forms.check,
    async (req, res) => {
      try {
        const { item, fresh } = await library.upload(fileOf(res), altOf(req), by(res));
        res.redirect(303, `/studio/media?done=${fresh ? 'uploaded' : 'again'}#media-${item.id}`);
      } catch (error) {
        if (!(error instanceof MediaRefusal)) throw error;
        await show(req, res, { alt: altOf(req), error: error.message }, 400);
      }
    },
  );

  // The editor's uploads (rich-text-field.tsx): the same checks, answered in JSON for its script.
  const refuseJson = (_req: Request, res: Response, message: string, status: number) =>
    res.status(status).setHeader('Cache-Control', 'no-store').json({ message });
  router.post(RICH_TEXT_UPLOAD, editor, multipart(refuseJson), studio.auth.forms.check, async (req, res) => {
    try {
      const { item } = await library.upload(fileOf(res), altOf(req), by(res));
      res.setHeader('Cache-Control', 'no-store').json({
        id: item.id,
        url: mediaAddress(item.id, item.width, item.fallback),
        width: item.width,
        height: item.height,
      });
    } catch (error) {
      if (!(error instanceof MediaRefusal)) throw error;
      refuseJson(req, res, error.message, 400);
    }
  });
  return router;
}
