export { portalOrigin, portalUrl } from './config';
export { type DefineOptions, defineElement, type ElementProps } from './define';
export { emit } from './emit';
export { type Lang, resolveLang } from './i18n';
export { $route } from './route';
