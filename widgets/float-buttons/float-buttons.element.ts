import { defineElement } from '../core/define';
import { serverStyles } from '../core/server-styles';
import { FloatButtons, type FloatButtonsProps } from './FloatButtons';

export const FLOAT_BUTTONS_TAG = 'portal-float-buttons';

/**
 * Floating buttons at the side of the viewport: "back to top" scrolls up, and
 * "contact us" opens the online chat with the card of the product on the page
 * (through the shared chat state).
 *
 * One way into the chat: where the page has a `<portal-chat-launcher>` (portal
 * pages, and any page with `chat.js`, which adds one to the body), the launcher is
 * the contact entry and "contact us" is left out; the buttons then stand above the
 * launcher. They rise above the cookie notice while it shows
 * (`--portal-cookie-notice-height`), and lie below the header, the launcher and
 * the notice (layer 900).
 *
 * @summary Back-to-top and contact buttons.
 * @attr lang - `zh-CN` or `en`; defaults to the nearest `lang` on the page.
 * @event portal-float-buttons-contact - The visitor asked for the chat (detail: card).
 * @event portal-float-buttons-top - The visitor went back to the top.
 * @csspart buttons - The group.
 * @csspart contact-button - The contact button.
 * @csspart top-button - The back-to-top button.
 * @cssproperty --portal-float-buttons-right - Distance from the right edge (24px; 12px below 1024 px).
 * @cssproperty --portal-float-buttons-bottom - Distance from the bottom edge (96px; 80px below 1024 px), above the launcher.
 * @cssproperty --portal-float-buttons-z-index - Layer (900: below the launcher's 950, the notice's 980, the header's 1000).
 * @cssproperty --portal-cookie-notice-height - Set on the page by `<portal-cookie-notice>` while it shows: the buttons stay above it.
 * @cssproperty --portal-float-buttons-background - Button background.
 * @cssproperty --portal-accent-color - Contact button background.
 * @cssproperty --portal-font-family - Font family (the system's Chinese fonts: PingFang SC, Microsoft YaHei, Noto Sans CJK SC).
 * @cssproperty --portal-float-buttons-color - Icon and text colour of the buttons (#1d2129).
 * @cssproperty --portal-accent-text-color - Text colour on the accent colour (#fff).
 * @cssproperty --portal-focus-ring-color - Colour of the keyboard focus ring.
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
