// The portal elements as JSX writes them (host pages and widgets that nest them).
import 'preact';

type PortalElementAttributes = import('preact').JSX.HTMLAttributes<HTMLElement> & { theme?: 'light' | 'dark' };

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      'portal-cookie-notice': PortalElementAttributes;
      'portal-header': PortalElementAttributes & { 'no-login'?: string };
      'portal-login': PortalElementAttributes;
      'portal-footer': PortalElementAttributes;
      'portal-float-buttons': PortalElementAttributes;
      'portal-toast': PortalElementAttributes;
      'portal-order-guard': PortalElementAttributes;
      'portal-topic-header': PortalElementAttributes & { phone?: string };
      'portal-chat-launcher': PortalElementAttributes & { position?: 'left' | 'right'; provider?: string };
    }
  }
}
