/**
 * The one-tag chat embed:
 * `<script src="https://HOST/widgets/chat.js" data-lang="en" data-position="left" async></script>`.
 *
 * A classic script like `portal.js` (no static imports). It loads the tiny
 * launcher and puts one `<portal-chat-launcher>` on the page, unless the page has
 * one already; the chat itself loads when the visitor opens it.
 */
const script = document.currentScript as HTMLScriptElement | null;
const options = { lang: script?.dataset.lang, position: script?.dataset.position };

function mount() {
  if (document.querySelector('portal-chat-launcher')) return;
  const launcher = document.createElement('portal-chat-launcher');
  if (options.lang) launcher.setAttribute('lang', options.lang);
  if (options.position === 'left' || options.position === 'right') launcher.setAttribute('position', options.position);
  document.body.append(launcher);
}

import('./chat-launcher/chat-launcher.element').then(
  () => {
    // After parsing: the page may have its own launcher further down.
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount, { once: true });
    else mount();
  },
  (error: unknown) => console.error('[portal] the chat could not be loaded', error),
);
