import * as v from 'valibot';
import { itemFiles, yamlFile } from './load';
import * as shape from './types';

/** The content of a fresh `local` portal, read from seed/content/ (see load.ts). */

export const productCategories = yamlFile('products/categories.yaml', v.array(shape.seedProductCategory));
export const products = itemFiles('products', 'descriptionHtml', shape.seedProduct);
export const solutions = itemFiles('solutions', 'contentHtml', shape.seedSolution);
export const cases = itemFiles('cases', 'contentHtml', shape.seedCase);
export const newsCategories = yamlFile('news/categories.yaml', v.array(shape.seedNewsCategory));
export const news = itemFiles('news', 'contentHtml', shape.seedNews);
export const innovationCategories = yamlFile('innovation/categories.yaml', v.array(shape.seedInnovationCategory));
export const gsweProgrammes = yamlFile('innovation/gswe-programmes.yaml', v.array(shape.seedGsweProgramme));
export const cxyyProgrammes = yamlFile('innovation/cxyy-programmes.yaml', v.array(shape.seedCxyyProgramme));
export const partnerSections = itemFiles('sections/partners', 'html', shape.seedSection);
export const aboutSections = itemFiles('sections/about', 'html', shape.seedSection);
export const helpArticles = itemFiles('help', 'contentHtml', shape.seedHelpArticle);
export const infoPages = itemFiles('info', 'contentHtml', shape.seedInfoPage);
export const agreements = itemFiles('agreements', 'contentHtml', shape.seedAgreement);
export const films = yamlFile('films.yaml', v.array(shape.seedFilm));
export const batteryTopic = yamlFile('topics/battery.yaml', shape.seedTopic);

const site = yamlFile(
  'site.yaml',
  v.object({ footer: shape.seedFooter, friendlyLinks: v.array(shape.seedFriendlyLink), wjUrl: v.string() }),
);
export const { footer, friendlyLinks, wjUrl } = site;
