import * as v from 'valibot';
import { type ChatCardInfo, type ChatCardRequest, chatCard as storedCardSchema } from '../../contract/chat';
import { type ConsoleChatCard, chatCardHref, consoleCardOf, messageCardOf } from '../../contract/chat-card';
import { ASSOCIATION_NO_PATTERN } from '../../contract/ids';
import { type MediaUrl, mediaPaths } from '../../contract/media';
import type { ContentStore } from '../portal/content-store';

/**
 * The console card of the product (type 1) or solution (type 2) with this
 * association number, or of whichever has it; it links to /product/{no} or /solution/{no}.
 */
export async function chatCard(
  content: ContentStore,
  mediaUrl: MediaUrl,
  associationNo: string,
  type?: ChatCardRequest['type'],
): Promise<ConsoleChatCard | undefined> {
  if (!ASSOCIATION_NO_PATTERN.test(associationNo)) return undefined;
  const product = type === 2 ? undefined : await content.product(associationNo);
  if (product) return consoleCardOf(product, mediaUrl(mediaPaths.cover('product', product.id)));
  const solution = type === 1 ? undefined : await content.solution(associationNo);
  if (solution) return consoleCardOf(solution, mediaUrl(mediaPaths.cover('solution', solution.id)));
  return undefined;
}

/**
 * The card a visitor's message carries, built here from the content: its title,
 * introduction and cover, and the portal's own page of the item. The visitor only
 * names the item.
 */
export async function messageCard(
  content: ContentStore,
  mediaUrl: MediaUrl,
  request: ChatCardRequest,
): Promise<ChatCardInfo | undefined> {
  const card = await chatCard(content, mediaUrl, request.associationNo, request.type);
  return card && messageCardOf(card);
}

/**
 * A stored card as the chat shows it, its link made again from its number. A card
 * stored before the service built them (its link and title the visitor's own) is
 * not one: none of it is shown.
 */
export function storedCard(value: unknown): ChatCardInfo | undefined {
  const result = v.safeParse(storedCardSchema, value);
  return result.success ? { ...result.output, url: chatCardHref(result.output) } : undefined;
}
