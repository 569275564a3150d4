/**
 * Code points HTML may not carry (the C0 controls other than tab, line feed, form
 * feed and carriage return; DEL; the C1 controls). They arrive only in hostile or
 * broken input (a typed query, a chat message), never in real text.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching the control characters is the point.
const FORBIDDEN = /[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F]/g;

/** A rendered page without them: the browser would show them as nothing, the HTML checker as errors. */
export const withoutControlCharacters = (html: string): string => html.replace(FORBIDDEN, '');
