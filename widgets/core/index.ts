export { portalOrigin, portalUrl } from './config';
export { type DefineOptions, defineElement, type ElementProps } from './define';
export { emit } from './emit';
export { APP_ID, BRAND, environment, localEnvironment, type PortalEnvironment, setEnvironment } from './env';
export { type Lang, resolveLang } from './i18n';
export { $route } from './route';
export * from './stores';
export { $toast, TOAST_MS, type ToastType, toast } from './toast';
export { $tokens, saveTokens, type Tokens } from './tokens';
