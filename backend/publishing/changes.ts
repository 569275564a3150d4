import type { ContentChanges } from '../../contract/sources';
import type { HubLink } from '../chat/hub-link';

/**
 * Tells every instance's pages that published content changed, with the paths
 * it shows on: here at once, and through the instances' link on PostgreSQL
 * (LISTEN/NOTIFY, the channel the chat uses) to the others. A change heard
 * nowhere else (the link down) is still on the pages once their kept copies
 * expire; a reconnected link drops every kept page, since what was said
 * meanwhile was not heard.
 */
export class ContentAnnouncer implements ContentChanges {
  private readonly listeners: Array<(paths: readonly string[]) => void> = [];

  constructor(private readonly link?: HubLink) {
    link?.onSignal((_from, signal) => {
      if (signal.kind === 'content') this.tell(signal.paths);
    });
    link?.onResumed(() => this.tell(['*']));
  }

  onChange(listener: (paths: readonly string[]) => void): void {
    this.listeners.push(listener);
  }

  announce(paths: readonly string[]): void {
    this.tell(paths);
    this.link?.send({ kind: 'content', paths: [...paths] });
  }

  private tell(paths: readonly string[]) {
    for (const listener of this.listeners) listener(paths);
  }
}

/** The pages a news item shows on: its own, the lists, the home pages, the feed, the site maps and search. */
export const newsPaths = (id: number, categoryIds: readonly number[]) => [
  '/',
  '/home',
  '/en',
  '/news',
  '/news/type',
  ...categoryIds.map((categoryId) => `/news/type/${categoryId}`),
  `/news/${id}`,
  '/feed.xml',
  '/sitemap.xml',
  '/mapsite',
  '/searchRes',
];
