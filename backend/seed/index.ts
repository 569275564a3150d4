import * as v from 'valibot';
import { itemFiles, yamlFile } from './load';
import * as shape from './types';

/**
 * The content of a fresh `local` portal, read from seed/content/ (see load.ts).
 * Read when a database is seeded, not at every start: a start on an existing
 * database parses none of it.
 */
export function readSeed() {
  const site = yamlFile(
    'site.yaml',
    v.object({ footer: shape.seedFooter, friendlyLinks: v.array(shape.seedFriendlyLink), wjUrl: v.string() }),
  );
  return {
    productCategories: yamlFile('products/categories.yaml', v.array(shape.seedProductCategory)),
    products: itemFiles('products', 'descriptionHtml', shape.seedProduct),
    solutions: itemFiles('solutions', 'contentHtml', shape.seedSolution),
    cases: itemFiles('cases', 'contentHtml', shape.seedCase),
    newsCategories: yamlFile('news/categories.yaml', v.array(shape.seedNewsCategory)),
    news: itemFiles('news', 'contentHtml', shape.seedNews),
    innovationCategories: yamlFile('innovation/categories.yaml', v.array(shape.seedInnovationCategory)),
    gsweProgrammes: yamlFile('innovation/gswe-programmes.yaml', v.array(shape.seedGsweProgramme)),
    cxyyProgrammes: yamlFile('innovation/cxyy-programmes.yaml', v.array(shape.seedCxyyProgramme)),
    partnerSections: itemFiles('sections/partners', 'html', shape.seedSection),
    aboutSections: itemFiles('sections/about', 'html', shape.seedSection),
    helpArticles: itemFiles('help', 'contentHtml', shape.seedHelpArticle),
    infoPages: itemFiles('info', 'contentHtml', shape.seedInfoPage),
    agreements: itemFiles('agreements', 'contentHtml', shape.seedAgreement),
    films: yamlFile('films.yaml', v.array(shape.seedFilm)),
    batteryTopic: yamlFile('topics/battery.yaml', shape.seedTopic),
    footer: site.footer,
    friendlyLinks: site.friendlyLinks,
    wjUrl: site.wjUrl,
  };
}
