/**
 * `/docs`: the browsers the elements work in and why, and what the console says
 * when a page embeds them wrongly (issue #34). The package README says the same.
 */
export function supportSections(): string {
  return `<h2 id="browser-support">Browser support</h2>
<p>Chrome and Edge 93 or later, Firefox 101 or later, Safari 16.4 or later (iOS and iPadOS 16.4, and WeChat's and the other in-app browsers on those systems), and the Chromium-based browsers common in China (360, QQ, Sogou, UC) on Chromium 93 or later. The elements are custom elements with shadow DOM, styled with constructable stylesheets (<code>adoptedStyleSheets</code>: they need no inline style, so a strict CSP allows them; Firefox 101, Safari 16.4), and their code is ES2022 (<code>Object.hasOwn</code>, <code>Array.prototype.at</code>: Chrome 93). Older browsers are not supported. Newer features (<code>URL.canParse</code>, <code>AbortSignal.any</code>, <code>crypto.randomUUID</code>, which plain-HTTP pages lack, <code>ResizeObserver</code>, <code>matchMedia</code>) are used only behind a check; the tests remove those newer than these versions before loading the elements in Chromium. Pages the portal renders are complete without JavaScript.</p>
<p>Unit tests: under happy-dom and jsdom (the default of Jest and Vitest) every element imports, is defined and can be placed without an error (unstyled under jsdom, which has no constructable stylesheets). Call <code>configurePortal()</code> in the test's setup.</p>
<h2 id="mistakes">When an element shows nothing</h2>
<p>An element that cannot work on the page renders nothing, rather than a control that fails later, and the console says why once, with a <code>[portal]</code> prefix and the fix:</p>
<ul>
<li>The elements' code was bundled into an app (or taken from a CDN) and nothing says where the portal is: call <code>configurePortal({ origin })</code> before they are on the page, or add <code>&lt;meta name="portal-origin"&gt;</code>. The sign-in, the agreements and the chat render nothing until then, and ask the app's own server nothing.</li>
<li>The account service does not list the page's origin: <code>&lt;portal-login&gt;</code> and <code>&lt;portal-agreement-dialog&gt;</code> render nothing (and frame no hub the service would refuse). Register it with <code>ACCOUNT_ORIGINS</code> (<a href="#sign-in-origins">below</a>).</li>
<li>The chat does not serve the page's origin: <code>chat.js</code> and the package's <code>&lt;portal-chat-launcher&gt;</code> show no launcher, and its <code>ready</code> rejects with the reason. Add the origin to <code>CHAT_PARTNER_ORIGINS</code>.</li>
</ul>`;
}
