import type { ChatCardInfo } from './chat';

/** The two cards of SPEC §3: the console's, and the one a visitor sends; one way to make each. */

/** A chat card as the console keeps it (SPEC §3): type 1 product, 2 solution. */
export interface ConsoleChatCard {
  type: 1 | 2;
  associationNo: string;
  name: string;
  introduction: string;
  /** 1: an image at backgroundUrl. */
  backgroundType: 1;
  backgroundUrl: string;
}

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

/** The card a visitor sends for a console card, with addresses made absolute against the portal. */
export function visitorCardOf(card: ConsoleChatCard, portalOrigin: string): ChatCardInfo {
  const absolute = (url: string) => (url ? new URL(url, portalOrigin).href : '');
  return {
    picUrl: absolute(card.backgroundUrl),
    title: card.name,
    description: card.introduction,
    url: absolute(chatCardHref(card)),
  };
}
