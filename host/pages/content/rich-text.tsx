import sanitizeHtml from 'sanitize-html';

/** What content HTML may contain: text structure, links and tables; nothing that runs. */
const POLICY: sanitizeHtml.IOptions = {
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

/** Server-provided HTML, sanitised before it reaches the page. */
export function RichText({ html, className = 'rich-text' }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html, POLICY) }} />;
}

export const sanitize = (html: string) => sanitizeHtml(html, POLICY);
