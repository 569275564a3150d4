import DOMPurify from 'dompurify';

// Links in an agreement open beside it: following one must not leave the dialog.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node instanceof HTMLAnchorElement && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/**
 * Agreement HTML as it may be shown: text, headings, lists, tables, links and
 * images. No script, no event handler, no `javascript:` or other non-web URL, no
 * form or control, no frame, no style (it could cover the buttons). DOMPurify
 * parses the string in a detached document: nothing reaches the page before this.
 */
export function sanitizeAgreement(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: [
      'form',
      'input',
      'button',
      'select',
      'textarea',
      'option',
      'style',
      'link',
      'meta',
      'base',
      'iframe',
      'frame',
      'object',
      'embed',
      'svg',
      'math',
      'template',
      'dialog',
    ],
    FORBID_ATTR: ['style', 'action', 'formaction', 'srcset', 'xlink:href', 'id', 'name', 'tabindex', 'autofocus'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i,
  });
}
