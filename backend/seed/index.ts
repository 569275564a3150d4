export { cases } from './cases';
export { cxyyProgrammes, gsweProgrammes, innovationCategories } from './innovation';
export { news, newsCategories } from './news';
export {
  aboutSections,
  agreements,
  batteryTopic,
  films,
  footer,
  friendlyLinks,
  helpArticles,
  infoPages,
  partnerSections,
  wjUrl,
} from './pages';
export { productCategories, products } from './products';
export { solutions } from './solutions';
