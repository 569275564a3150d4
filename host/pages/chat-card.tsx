import { type ConsoleChatCard, chatCardHref } from '../../contract/chat-card';
import { imageLoading } from './content/parts';
import { type PageContext, renderDocument } from './document';

/**
 * `/meiqia/card?type=&associationNo=`: a product or solution as a card, the page
 * the chat panel shows for a card (blank layout: no chrome inside the panel).
 * Its link opens the item on the site in a new tab.
 */
export function renderChatCard(context: PageContext, card: ConsoleChatCard): string {
  return renderDocument(
    {
      title: `${card.name} - 咨询卡片 - 智造云`,
      description: card.introduction,
      layout: 'blank',
      head: <meta name="robots" content="noindex" />,
      children: (
        <main id="main" className="chat-card">
          <article>
            <img src={card.backgroundUrl} alt="" width="320" height="180" {...imageLoading(true)} />
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
