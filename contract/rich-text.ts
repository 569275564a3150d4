/**
 * What content HTML may contain: text structure, links and tables; nothing that
 * runs. Options for sanitize-html, given as plain data so every side reads the
 * same rules: the pages apply them on output, the studio on save, so what an
 * editor saves is what visitors get.
 */
export const RICH_TEXT_POLICY = {
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
  // Quotes in text as entities too, as the pages' own templates write them: text that reads like an attribute stays visibly text.
  textFilter: (text: string) => text.replace(/"/g, '&quot;'),
  transformTags: {
    a: (tagName: string, attribs: Record<string, string>) => ({
      tagName,
      attribs: { ...attribs, rel: 'nofollow noopener' },
    }),
  },
};
