import Trix, { type TrixAttachment } from 'trix';

/**
 * The studio's rich-text editor (backend/studio/rich-text-field.tsx): each
 * `<textarea data-rich-text="<upload address>">` becomes Trix, writing its
 * HTML into a hidden input of the textarea's name, so the form posts as it did.
 * Images put into it are uploaded to the media library with the form's token,
 * and take the address the library gives. Loaded by studio pages only.
 */

Object.assign(Trix.config.lang, {
  attachFiles: '插入图片',
  bold: '加粗',
  bullets: '项目列表',
  captionPlaceholder: '添加图片说明…',
  code: '代码',
  heading1: '小标题',
  indent: '增加缩进',
  italic: '斜体',
  link: '链接',
  numbers: '编号列表',
  outdent: '减少缩进',
  quote: '引用',
  redo: '重做',
  remove: '删除',
  strike: '删除线',
  undo: '撤销',
  unlink: '取消链接',
  url: '网址',
  urlPlaceholder: '输入网址…',
});
// Paragraphs and the pages' heading level, as saved (backend/publishing/rich-text.ts); Enter starts a new paragraph.
Object.assign(Trix.config.blockAttributes, {
  default: { ...Trix.config.blockAttributes.default, tagName: 'p', breakOnReturn: true },
  heading1: { ...Trix.config.blockAttributes.heading1, tagName: 'h2' },
});
// An image's caption is what the editor writes, not its file's name and size.
Trix.config.attachments.preview.caption = { name: false, size: false };

const IMAGE_TYPES = /^image\/(jpeg|png|webp|gif)$/;

for (const textarea of document.querySelectorAll<HTMLTextAreaElement>('textarea[data-rich-text]')) {
  const input = document.createElement('input');
  input.type = 'hidden';
  input.name = textarea.name;
  input.id = `${textarea.id}-html`;
  input.value = textarea.value;
  const editor = document.createElement('trix-editor');
  editor.id = textarea.id;
  editor.setAttribute('input', input.id);
  editor.dataset.upload = textarea.dataset.richText;
  editor.className = 'trix-content';
  editor.setAttribute('aria-labelledby', `${textarea.id}-label`);
  for (const name of ['aria-describedby', 'aria-invalid'])
    if (textarea.hasAttribute(name)) editor.setAttribute(name, textarea.getAttribute(name) as string);
  textarea.replaceWith(input, editor);
  // Trix draws images without a text alternative; in the editor the caption under each says what it is.
  const withAlt = () => {
    for (const image of editor.querySelectorAll('img:not([alt])')) image.setAttribute('alt', '');
  };
  new MutationObserver(withAlt).observe(editor, { childList: true, subtree: true });
}

const say = (editor: Element, text: string) => {
  const alert = document.getElementById(`${editor.id}-upload`);
  if (!alert) return;
  alert.textContent = text;
  alert.hidden = !text;
};

// Trix keeps its buttons out of the tab order (shortcuts only): here each is reached by Tab too,
// inserting an image above all, and the bar is named as a toolbar.
addEventListener('trix-initialize', (event) => {
  const toolbar = (event.target as HTMLElement & { toolbarElement?: HTMLElement }).toolbarElement;
  if (!toolbar) return;
  toolbar.setAttribute('role', 'toolbar');
  toolbar.setAttribute('aria-label', '正文格式');
  for (const button of toolbar.querySelectorAll('button[tabindex="-1"]')) button.removeAttribute('tabindex');
  // Trix acts on a button's mousedown; a key (Enter, Space) gives only a click, passed on as one.
  toolbar.addEventListener('click', (click) => {
    const button = (click.target as Element).closest('button[data-trix-action], button[data-trix-attribute]');
    if (button && click.detail === 0)
      button.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }));
  });
});

addEventListener('trix-file-accept', (event) => {
  const { file, target } = event as Event & { file: File; target: Element };
  if (IMAGE_TYPES.test(file.type)) return say(target, '');
  event.preventDefault();
  say(target, '只能插入 JPEG、PNG、WebP 或 GIF 图片');
});

addEventListener('trix-attachment-add', (event) => {
  const { attachment, target } = event as Event & { attachment: TrixAttachment; target: HTMLElement };
  if (attachment.file) upload(target, attachment, attachment.file);
});

/** Sends the image to the media library (XHR for its progress); on a refusal the image goes and the reason is said. */
function upload(editor: HTMLElement, attachment: TrixAttachment, file: File) {
  const csrf = editor.closest('form')?.querySelector<HTMLInputElement>('input[name="csrf"]')?.value ?? '';
  const body = new FormData();
  body.append('csrf', csrf);
  body.append('image', file, file.name);
  const xhr = new XMLHttpRequest();
  xhr.open('POST', editor.dataset.upload ?? '');
  xhr.upload.addEventListener('progress', (progress) => {
    if (progress.lengthComputable) attachment.setUploadProgress((progress.loaded / progress.total) * 100);
  });
  const refused = (text: string) => {
    attachment.remove();
    say(editor, text);
  };
  xhr.addEventListener('load', () => {
    let answer: { url?: string; width?: number; height?: number; message?: string } = {};
    try {
      answer = JSON.parse(xhr.responseText);
    } catch {}
    if (xhr.status !== 200 || !answer.url)
      return refused(answer.message ?? '图片没有上传成功：页面可能已失效，请刷新后再试');
    attachment.setAttributes({ url: answer.url, width: answer.width, height: answer.height });
    say(editor, '');
  });
  xhr.addEventListener('error', () => refused('图片没有上传成功：网络中断，请再试一次'));
  xhr.send(body);
}
