import { type ConsoleChatCard, consoleCardOf } from '../../contract/chat-card';
import { ASSOCIATION_NO_PATTERN } from '../../contract/ids';
import { type MediaUrl, mediaPaths } from '../../contract/media';
import type { ContentStore } from '../portal/content-store';

/** The card of the product or solution with this association number; it links to /product/{no} or /solution/{no}. */
export function chatCard(
  content: ContentStore,
  mediaUrl: MediaUrl,
  associationNo: string,
): ConsoleChatCard | undefined {
  if (!ASSOCIATION_NO_PATTERN.test(associationNo)) return undefined;
  const product = content.product(associationNo);
  if (product) return consoleCardOf(product, mediaUrl(mediaPaths.cover('product', product.id)));
  const solution = content.solution(associationNo);
  if (solution) return consoleCardOf(solution, mediaUrl(mediaPaths.cover('solution', solution.id)));
  return undefined;
}
