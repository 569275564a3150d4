import { defineElement } from '../core/define';
import { serverStyles } from '../core/server-styles';
import { FloatButtons, type FloatButtonsProps } from './FloatButtons';

export const FLOAT_BUTTONS_TAG = 'portal-float-buttons';

/**
 * Floating buttons at the side of the viewport: "contact us" opens the online
 * chat with the card of the product on the page (through the shared chat state),
 * and "back to top" scrolls up.
 *
 * @summary Contact and back-to-top buttons.
 * @attr lang - `zh-CN` or `en`; defaults to the nearest `lang` on the page.
 * @event portal-float-buttons-contact - The visitor asked for the chat (detail: card).
 * @event portal-float-buttons-top - The visitor went back to the top.
 * @csspart buttons - The group.
 * @csspart contact-button - The contact button.
 * @csspart top-button - The back-to-top button.
 * @cssproperty --portal-float-buttons-right - Distance from the right edge.
 * @cssproperty --portal-float-buttons-bottom - Distance from the bottom edge.
 * @cssproperty --portal-float-buttons-background - Button background.
 * @cssproperty --portal-accent-color - Contact button background.
 */
export const PortalFloatButtons = defineElement<FloatButtonsProps>(FLOAT_BUTTONS_TAG, FloatButtons, {
  props: { lang: 'string' },
  styles: serverStyles(() => import('./float-buttons.css')),
});

declare global {
  interface HTMLElementTagNameMap {
    'portal-float-buttons': HTMLElement & { lang: string };
  }
  interface GlobalEventHandlersEventMap {
    'portal-float-buttons-contact': CustomEvent<{ card: unknown }>;
    'portal-float-buttons-top': CustomEvent<undefined>;
  }
}
