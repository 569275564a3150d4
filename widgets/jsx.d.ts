// The portal elements as JSX writes them (host pages and widgets that nest them).
import 'preact';

type PortalElementAttributes = import('preact').JSX.HTMLAttributes<HTMLElement> & {
  theme?: 'light' | 'dark';
  /** When the loader fetches the element's code (widgets/loader/deferred.ts); at once by default. */
  'load-on'?: import('./loader/deferred').LoadWhen;
};

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      'portal-cookie-notice': PortalElementAttributes;
      'portal-header': PortalElementAttributes & { 'no-login'?: string };
      'portal-login': PortalElementAttributes;
      'portal-footer': PortalElementAttributes;
      'portal-float-buttons': PortalElementAttributes;
      'portal-toast': PortalElementAttributes;
      'portal-order-guard': PortalElementAttributes & { 'no-certification'?: string };
      'portal-topic-header': PortalElementAttributes & { phone?: string };
      'portal-agreement-dialog': PortalElementAttributes;
      'portal-order-form': PortalElementAttributes & { 'product-id'?: string; 'edition-id'?: string };
      'portal-orders': PortalElementAttributes & { 'order-no'?: string };
      'portal-chat-launcher': PortalElementAttributes & { position?: 'left' | 'right'; provider?: string };
    }
  }
}
