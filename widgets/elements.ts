/**
 * Every `portal-*` element and how to load its code. The loader defines an element
 * the first time its tag appears in the document; keep this list in step with the
 * widget folders (a test compares them). Three elements come with their own
 * scripts instead, so this list (in every page's budget) stays short:
 * `<portal-chat-launcher>` with `/widgets/chat.js`, and the order pages'
 * `<portal-order-form>` and `<portal-orders>` with their pages' module scripts.
 */
export const elementLoaders: Record<string, () => Promise<unknown>> = {
  'portal-cookie-notice': () => import('./cookie-notice/cookie-notice.element'),
  'portal-toast': () => import('./toast/toast.element'),
  'portal-header': () => import('./header/header.element'),
  'portal-login': () => import('./login/login.element'),
  'portal-footer': () => import('./footer/footer.element'),
  'portal-float-buttons': () => import('./float-buttons/float-buttons.element'),
  'portal-topic-header': () => import('./topic-header/topic-header.element'),
  'portal-agreement-dialog': () => import('./agreement-dialog/agreement-dialog.element'),
  'portal-order-guard': () => import('./order-guard/order-guard.element'),
};

/** The elements that come with their own scripts, not with the loader (see above). */
export const ELEMENTS_WITH_OWN_SCRIPT = ['portal-chat-launcher', 'portal-order-form', 'portal-orders'] as const;
