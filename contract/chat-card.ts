import type { InferOutput } from 'valibot';
import type { consoleChatCardAnswer } from './api-answers';
import type { ChatCardInfo } from './chat';

/** The two cards of SPEC §3: the console's, and the one the chat shows; one way to make each. */

/** A chat card as the console keeps it (SPEC §3; contract/api-answers.ts). */
export type ConsoleChatCard = InferOutput<typeof consoleChatCardAnswer>;

/** The page a console card links to: /product/{associationNo} or /solution/{associationNo} (SPEC §2). */
export const chatCardHref = (card: Pick<ConsoleChatCard, 'type' | 'associationNo'>) =>
  `${card.type === 1 ? '/product' : '/solution'}/${card.associationNo}`;

/** The one way a product or a solution becomes a console card, given its cover image's address. */
export function consoleCardOf(
  item: { associationNo: string; summary: string } & ({ name: string } | { title: string }),
  backgroundUrl: string,
): ConsoleChatCard {
  const product = 'name' in item;
  return {
    type: product ? 1 : 2,
    associationNo: item.associationNo,
    name: product ? item.name : item.title,
    introduction: item.summary,
    backgroundType: 1,
    backgroundUrl,
  };
}

/** The card the chat shows for a console card: its cover and its page as paths on the portal. */
export function messageCardOf(card: ConsoleChatCard): ChatCardInfo {
  return {
    type: card.type,
    associationNo: card.associationNo,
    title: card.name,
    description: card.introduction,
    picUrl: card.backgroundUrl,
    url: chatCardHref(card),
  };
}

/** A path on the portal itself (`/product/…`, `/media/…`): never another host (`//x`, `/\\x`), never a script. */
export const SITE_PATH = /^\/(?![/\\])[^\s\\"'<>]*$/;

/** A card's page or picture as an address on the portal: its own paths only; anything else is none. */
export function cardAddress(path: string | undefined, portalOrigin: string): string | undefined {
  if (!path || !SITE_PATH.test(path)) return undefined;
  const url = new URL(path, portalOrigin);
  return url.origin === new URL(portalOrigin).origin ? url.href : undefined;
}
