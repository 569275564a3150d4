import sanitizeHtml from 'sanitize-html';

/**
 * What content HTML may contain: text structure, links and tables; nothing that
 * runs. The pages apply it on output, and the studio on save, so what an editor
 * saves is what visitors get.
 */
export const RICH_TEXT_POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'br',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'blockquote',
  ],
  // rel is always set by the transform below, whatever the source said.
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener' }, true) },
};

export const sanitizeRichText = (html: string) => sanitizeHtml(html, RICH_TEXT_POLICY);
