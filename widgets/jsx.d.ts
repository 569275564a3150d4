// The portal elements as JSX writes them (host pages and widgets that nest them),
// one entry per element of the registry (widgets/elements.ts) with its attributes.
import 'preact';

type PortalElementAttributes = import('preact').JSX.HTMLAttributes<HTMLElement> & {
  theme?: 'light' | 'dark';
  /** When the loader fetches the element's code (widgets/loader/deferred.ts); at once by default. */
  'load-on'?: import('../contract/load-on').LoadWhen;
};

type Registry = typeof import('./elements').ELEMENTS;
type PortalIntrinsicElements = {
  [Tag in keyof Registry]: PortalElementAttributes &
    (Registry[Tag] extends { attributes: infer Attributes } ? Attributes : unknown);
};

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements extends PortalIntrinsicElements {}
  }
}
