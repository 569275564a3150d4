import type { Db } from '../db/query';
import type { ContentStore } from '../portal/content-store';
import { commonDataContent } from '../publishing/common-data';
import type { ContentDesk, DeskOfAnyKind } from '../publishing/content-desk';
import type { KindOfContent } from '../publishing/content-kind';
import { InnovationTable, innovationContent } from '../publishing/innovation';
import {
  filmContent,
  friendlyLinkContent,
  helpContent,
  infoContent,
  newsCategoryContent,
  sectionContent,
} from '../publishing/page-kinds';
import { TopicTable, topicContent, topicSlugs } from '../publishing/topics';
import { commonDataDeskView } from './common-desk';
import { type DeskView, studioDesk } from './content-desk';
import type { StudioDesk } from './context';
import {
  filmDeskView,
  friendlyLinkDeskView,
  helpDeskView,
  infoDeskView,
  newsCategoryDeskView,
  sectionDeskView,
} from './page-desks';
import { innovationDeskView, topicDeskView } from './structured-desks';

/**
 * The site's pages and common data in the studio: news categories, innovation
 * training, help, information, the about and partners sections, films, friendly
 * links, the topic pages and the common data of every page. Each kind's desk
 * (publishing) and its studio pages.
 */
export async function pageDeskSet(
  db: Db,
  content: ContentStore,
  deskOf: <T>(kind: KindOfContent<T>) => ContentDesk<T>,
): Promise<{ desks: DeskOfAnyKind[]; studioDesks: StudioDesk[] }> {
  const topics = new TopicTable(db);
  const slugs = await topicSlugs(topics);
  const products = async () =>
    (await content.products({ page: 1, pageSize: 500 })).list.map((p) => ({ id: p.id, label: p.name }));
  const desks: DeskOfAnyKind[] = [];
  const desk = <T, Options>(kind: KindOfContent<T>, view: DeskView<T, Options>) => {
    const made = deskOf(kind);
    desks.push(made);
    return studioDesk(made, view);
  };
  const studioDesks = [
    desk(
      commonDataContent(db),
      commonDataDeskView(async () => ({
        products: await products(),
        solutions: (await content.solutions({ page: 1, pageSize: 500 })).list.map((s) => ({
          id: s.id,
          label: s.title,
        })),
      })),
    ),
    desk(newsCategoryContent(db), newsCategoryDeskView),
    desk(helpContent(db), helpDeskView),
    desk(infoContent(db), infoDeskView),
    desk(sectionContent(db), sectionDeskView),
    desk(innovationContent(new InnovationTable(db)), innovationDeskView),
    desk(filmContent(db), filmDeskView),
    desk(friendlyLinkContent(db), friendlyLinkDeskView),
    desk(
      topicContent(topics, slugs),
      topicDeskView(slugs, async () => ({
        products: await products(),
        cases: (await content.cases({ page: 1, pageSize: 500 })).list.map((c) => ({ id: c.id, label: c.title })),
      })),
    ),
  ];
  return { desks, studioDesks };
}
