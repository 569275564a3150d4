import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_POLICY } from '../../contract/rich-text';

/** Rich text as it is saved: by the rules the pages apply on output, so nothing is kept that a page would drop. */
export const sanitizeRichText = (html: string) => sanitizeHtml(html, RICH_TEXT_POLICY);
