import { type PageContext, renderDocument } from './document';

/** The console's chat-card data (SPEC §3): type 1 product, 2 solution. */
export interface ChatCard {
  type: 1 | 2;
  associationNo: string;
  name: string;
  introduction: string;
  backgroundType: 'image';
  backgroundUrl: string;
}

export const chatCardHref = (card: Pick<ChatCard, 'type' | 'associationNo'>) =>
  `${card.type === 1 ? '/product' : '/solution'}/${card.associationNo}`;

/**
 * `/meiqia/card?type=&associationNo=`: a product or solution as a card, the page
 * the chat panel shows for a card (blank layout: no chrome inside the panel).
 * Its link opens the item on the site in a new tab.
 */
export function renderChatCard(context: PageContext, card: ChatCard): string {
  return renderDocument(
    {
      title: `${card.name} - 咨询卡片 - 智造云`,
      description: card.introduction,
      layout: 'blank',
      head: <meta name="robots" content="noindex" />,
      children: (
        <main id="main" className="chat-card">
          <article>
            <img src={card.backgroundUrl} alt="" width="320" height="180" />
            <p className="eyebrow">{card.type === 1 ? '产品' : '解决方案'}</p>
            <h1>{card.name}</h1>
            <p>{card.introduction}</p>
            <a className="button primary" href={chatCardHref(card)} target="_blank" rel="noopener">
              查看详情
            </a>
          </article>
        </main>
      ),
    },
    context,
  );
}
