// The portal elements as host pages write them in JSX.
import 'preact';

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      'portal-cookie-notice': HTMLAttributes<HTMLElement>;
    }
  }
}
