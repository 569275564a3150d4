import type { RequestHandler } from 'express';

/** Where the editor sends images dropped, pasted or attached into it: the media library. */
export const RICH_TEXT_UPLOAD = '/studio/media/upload';

/** The editor's script and style (Trix, bundled with its glue by the widget build as studio-editor.*). */
export const EDITOR_SCRIPT = '/widgets/studio-editor.js';
export const EDITOR_STYLE = '/widgets/studio-editor.css';

/**
 * What a page with a rich-text field loads: the editor's style and script,
 * and the response's nonce for the small style element Trix adds for its tags
 * (it reads it from this meta element).
 */
export function RichTextAssets({ nonce }: { nonce: string }) {
  return (
    <>
      <meta name="trix-csp-nonce" content={nonce} />
      <link rel="stylesheet" href={EDITOR_STYLE} />
      <script type="module" src={EDITOR_SCRIPT} nonce={nonce} />
    </>
  );
}

/**
 * Rich text in a studio form: a labelled `<textarea>` of HTML that the editor's
 * script replaces with Trix (a hidden input of the same name that Trix writes
 * the HTML into, so the form posts as before), with a toolbar and images
 * uploaded into the media library. Without script it stays a textarea of HTML.
 * Whatever is posted is sanitised on save (backend/publishing/rich-text.ts).
 * The page must be sent with `richText` (studio-page.tsx) so the assets load.
 */
export function RichTextField(props: {
  name: string;
  label: string;
  value?: string;
  error?: string;
  hint?: string;
  rows?: number;
  maxLength?: number;
}) {
  const id = `field-${props.name}`;
  const described = [`${id}-hint`, props.error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="rich-text-field">
      <label htmlFor={id} id={`${id}-label`}>
        {props.label}
      </label>
      <textarea
        id={id}
        name={props.name}
        rows={props.rows ?? 14}
        defaultValue={props.value}
        maxLength={props.maxLength}
        required
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described}
        data-rich-text={RICH_TEXT_UPLOAD}
      />
      <p className="hint" id={`${id}-hint`}>
        {props.hint ??
          '可用段落、小标题、列表、引用、加粗和链接；图片可拖入、粘贴或用“插入图片”上传到媒体库。其他标签和脚本在保存时去掉。'}
      </p>
      {props.error && (
        <p className="field-error" id={`${id}-error`}>
          {props.error}
        </p>
      )}
      <p className="field-error" id={`${id}-upload`} role="alert" hidden />
    </div>
  );
}

/**
 * The studio's pages let images come from `blob:` too: the editor shows an image
 * being uploaded from the file itself (an object URL) until its address comes.
 */
export const editorCsp: RequestHandler = (_req, res, next) => {
  const csp = res.getHeader('Content-Security-Policy');
  if (typeof csp === 'string')
    res.setHeader('Content-Security-Policy', csp.replace(/(^|;)(\s*img-src [^;]*)/, '$1$2 blob:'));
  next();
};
