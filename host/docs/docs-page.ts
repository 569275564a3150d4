import type { WidgetRelease } from '../widget-release';
import { GUIDES } from './guides';
import { code, escapeHtml } from './snippets';
import { supportSections } from './support';

/** One element as the custom elements manifest describes it (the fields the docs use). */
export interface ElementDeclaration {
  tagName: string;
  summary?: string;
  description?: string;
  attributes?: { name: string; description?: string; type?: { text: string } }[];
  events?: { name: string; description?: string; type?: { text: string } }[];
  slots?: { name: string; description?: string }[];
  cssParts?: { name: string; description?: string }[];
  cssProperties?: { name: string; description?: string; default?: string }[];
  members?: {
    kind: string;
    name: string;
    description?: string;
    type?: { text: string };
    readonly?: boolean;
    attribute?: string;
    parameters?: { name: string; optional?: boolean }[];
  }[];
}

/** `open(card?)`: a method as a page calls it. */
const signature = (member: NonNullable<ElementDeclaration['members']>[number]) =>
  `${member.name}(${(member.parameters ?? []).map((p) => `${p.name}${p.optional ? '?' : ''}`).join(', ')})`;

/** What defines an element on a page (the registry's `script`, widgets/elements.ts). */
export type ElementScript = 'portal' | 'chat' | 'page';

/** The script tag to copy: the release's immutable address and its integrity hash. */
export function scriptSnippet(origin: string, release: WidgetRelease): string {
  return `<script src="${origin}${release.scriptPath}"\n  integrity="${release.integrity}"\n  crossorigin="anonymous" async></script>`;
}

function table(title: string, head: string[], rows: string[][]): string {
  if (!rows.length) return '';
  return `<h2>${escapeHtml(title)}</h2><table><thead><tr>${head.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map(
      (row) =>
        `<tr>${row.map((cell, i) => (i === 0 ? `<td><code>${escapeHtml(cell)}</code></td>` : `<td>${escapeHtml(cell)}</td>`)).join('')}</tr>`,
    )
    .join('')}</tbody></table>`;
}

function layout(nonce: string, title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style nonce="${escapeHtml(nonce)}">
body{margin:0;font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;color:#1f2937}main{max-width:960px;margin:0 auto;padding:24px}
pre{background:#f3f4f6;padding:12px;overflow:auto;border-radius:6px}pre:focus-visible{outline:2px solid #1664ff;outline-offset:2px}table{border-collapse:collapse;margin:8px 0 16px}th,td{border:1px solid #e5e7eb;padding:4px 8px;text-align:left;vertical-align:top}
</style></head><body><main>${body}</main></body></html>`;
}

/** `/docs/guides/<name>`: one guide, or undefined for a name there is none of. */
export function renderGuide(nonce: string, origin: string, name: string): string | undefined {
  const guide = Object.hasOwn(GUIDES, name) ? GUIDES[name] : undefined;
  if (!guide) return undefined;
  return layout(
    nonce,
    `${guide.title} - portal elements`,
    `<p><a href="/docs">All elements</a></p><h1>${escapeHtml(guide.title)}</h1>${guide.body(origin)}`,
  );
}

/** `/docs`: every element, and how to add the script. */
export function renderDocsIndex(nonce: string, origin: string, release: WidgetRelease, elements: ElementDeclaration[]) {
  const list = elements
    .map(
      (e) =>
        `<li><a href="/docs/${escapeHtml(e.tagName)}"><code>&lt;${escapeHtml(e.tagName)}&gt;</code></a>: ${escapeHtml(e.summary)}</li>`,
    )
    .join('');
  return layout(
    nonce,
    'Portal elements',
    `<h1>Portal elements</h1>
<p>Add the script once, anywhere on the page; then use any element below. Each element's code loads the first time its tag appears.</p>
${code(scriptSnippet(origin, release))}
<p>This address belongs to release <code>${escapeHtml(release.id)}</code> and never changes content, so the <code>integrity</code> hash holds; a new release has a new address. <code>${escapeHtml(origin)}/widgets/portal.js</code> always serves the newest release (without a hash to pin).</p>
<p>Types: <code>custom-elements.json</code> at <a href="/widgets/custom-elements.json">/widgets/custom-elements.json</a>; TypeScript declarations in <code>/widgets/types/</code> (<code>index.d.ts</code> for the DOM, <code>react.d.ts</code>, <code>preact.d.ts</code>, <code>vue.d.ts</code> for templates).</p>
<ul>${list}</ul>
<h2 id="guides">Guides</h2>
<ul>${Object.entries(GUIDES)
      .map(
        ([name, guide]) =>
          `<li><a href="/docs/guides/${name}">${escapeHtml(guide.title)}</a>: ${escapeHtml(guide.summary)}</li>`,
      )
      .join('')}</ul>
${supportSections()}
${signInOriginsSection(origin)}`,
  );
}

/**
 * Signing in from a page on another origin: the embedded account service sends a
 * signed-in user back only to registered origins (ACCOUNT_ORIGINS), and says so.
 */
function signInOriginsSection(origin: string): string {
  return `<h2 id="sign-in-origins">Signing in on another origin: <code>ACCOUNT_ORIGINS</code></h2>
<p>The account service sends a signed-in visitor back, with a one-time code, only to an origin registered for the portal's application, and shares the sign-in (its hub frame) only with those origins. The portal's own origin, its local console and the demo sites are registered; a page anywhere else with <code>&lt;portal-login&gt;</code> (or the header), an app's own console, or a Vite dev server (<code>http://localhost:5173</code>) must be added. Without it, <code>&lt;portal-login&gt;</code> and <code>&lt;portal-agreement-dialog&gt;</code> render nothing there and the console says so once; a sign-in started there anyway ends on the account service's page 无法继续登录 with this error:</p>
${code('回跳地址不在该应用登记的域名内', 'output')}
<p>(the return address is not on an origin registered for the application). On the portal's server, set the origins, comma-separated, and restart it:</p>
${code('ACCOUNT_ORIGINS=https://console.example.cn,http://localhost:5173 npm start', 'shell')}
<p>Origins only: scheme, host and port, no path and no wildcard; a malformed one stops the start with a line naming it. It registers the origins with the embedded account service of <code>PORTAL_ENV=local</code>; other environments register them with their own account service. The page also needs <code>${escapeHtml(origin)}</code> in its CSP's <code>frame-src</code> for the hub.</p>`;
}

/**
 * Who the agent sees: the chat names a signed-in user wherever the account
 * service shares the sign-in, and nobody else (widgets/chat/identity.ts).
 */
function chatVisitorsSection(origin: string): string {
  const rows = [
    [
      'Signed in, on the portal’s own pages',
      'sends the sign-in’s token with each call (<code>Authorization: Bearer</code>); the chat service verifies it',
      'the user’s name, <q>已登录账号 · 手机 …</q>',
    ],
    [
      'Signed in, on an origin registered with the account service (<code>ACCOUNT_ORIGINS</code>; the local console and the demo sites are) and listed in <code>CHAT_PARTNER_ORIGINS</code>',
      'the same: the token the account service’s hub gave this origin (as it gives it to <code>&lt;portal-login&gt;</code>); showing the chat asks the hub itself, so the page needs no sign-in element. Signing in or out while the chat is open moves it to the new visitor’s conversation',
      'the same as on the portal, with <q>来自</q> this origin; one conversation per user, wherever they write from',
    ],
    [
      'Not signed in',
      'the anonymous visitor’s id only (<code>X-Chat-Visitor</code>); no name or mobile is posted',
      '<q>访客 12</q> (the conversation’s number), <q>匿名访客</q>',
    ],
    [
      'A partner origin in <code>CHAT_PARTNER_ORIGINS</code> that the account service does not list',
      'asks no hub (it would refuse the frame) and says once in the console: <code>[portal] Sign-in is not shared with …</code>',
      '<q>匿名访客</q>, even for a user signed in on the portal: register the origin with <code>ACCOUNT_ORIGINS</code> too',
    ],
  ];
  return `<h3 id="chat-visitors">Who the agent sees</h3>
<p>The chat names a signed-in visitor to the agent by the sign-in the page’s origin holds. The name and mobile come from the account, never from the page, and go once per conversation, only along with the token that proves them; a page not signed in posts none. Each conversation also shows the origin it came from (<q>来自 https://shop.example</q>).</p>
<table><thead><tr><th scope="col">visitor</th><th scope="col">what the chat sends</th><th scope="col">what the agent’s inbox shows</th></tr></thead><tbody>${rows
    .map(([who, sends, shows]) => `<tr><td>${who}</td><td>${sends}</td><td>${shows}</td></tr>`)
    .join('')}</tbody></table>
<p>On a registered origin with a Content-Security-Policy, the hub needs <code>${escapeHtml(origin)}</code> in <code>frame-src</code> as well (see <a href="/docs#sign-in-origins">signing in on another origin</a>).</p>`;
}

/**
 * The snippet that makes the element work on any page: `portal.js` defines only
 * the elements it lists, so the chat comes with `chat.js` (its one tag) and the
 * order elements with their own module.
 */
function usage(origin: string, release: WidgetRelease, tag: string, markup: string, script: ElementScript): string {
  if (script === 'chat')
    return `<p>One tag, anywhere on the page: <code>chat.js</code> loads the launcher and places it (the chat itself loads when the visitor opens it). <code>data-lang</code> (<code>zh-CN</code>, <code>en</code>) and <code>data-position</code> (<code>right</code>, <code>left</code>) are optional.</p>
${code(`<script src="${origin}/widgets/chat.js" data-lang="zh-CN" async></script>`)}
<h3 id="partners">Registering a partner site</h3>
<p>The chat answers the portal's own pages and the partner origins the portal lists; add the page's origin (scheme, host and port) to <code>CHAT_PARTNER_ORIGINS</code> on the portal's server, comma-separated:</p>
${code('CHAT_PARTNER_ORIGINS=https://shop.example,https://www.partner.example', 'shell')}
<p>New conversations are counted per visitor (<code>CHAT_CONVERSATIONS_PER_VISITOR</code>, 5 tries in ten minutes) and per address (<code>CHAT_CONVERSATIONS_PER_ADDRESS</code>, 50 in ten minutes, the visitors behind one address together); past either, starting one is refused (新会话过多，请约 N 分钟后再试) while conversations already started go on. A partner whose visitors share one address (an office, a trade-fair kiosk) raises the second on the portal's server:</p>
${code('CHAT_CONVERSATIONS_PER_ADDRESS=200', 'shell')}
<p>On an origin not listed, <code>chat.js</code> (and the package's <code>&lt;portal-chat-launcher&gt;</code>, which asks the same before it shows) shows no launcher and says so once in the console; <code>window.portalChat.ready</code> (the element's <code>ready</code>) rejects with the same reason:</p>
${code("[portal] The chat is not available on https://shop.example: the portal at https://www.example.cn does not list this origin. Add it to CHAT_PARTNER_ORIGINS on the portal's server (CHAT_PARTNER_ORIGINS=https://shop.example).", 'output')}
<p>A page with a Content-Security-Policy allows <code>${escapeHtml(origin)}</code> in <code>script-src</code>, <code>connect-src</code> and <code>img-src</code>.</p>
${chatVisitorsSection(origin)}`;
  if (script === 'page')
    return `<p><code>portal.js</code> does not load this element (it stays out of every page's budget): the page loads its module, then uses the tag.</p>
${code(`<script type="module" src="${origin}/widgets/esm/${tag}.js"></script>\n\n${markup}`)}`;
  return `<p>The script, pinned to this release with its integrity hash, then the tag:</p>
${code(`${scriptSnippet(origin, release)}\n\n${markup}`)}`;
}

/**
 * Attributes an element's snippet needs to do what its page says: the order form
 * orders one product's edition, here the seeded 智造云 IoT 设备接入平台 (product 1)
 * in its 基础版 (edition 1); without them it has nothing to order and the API answers 400.
 */
const EXAMPLE_ATTRIBUTES: Record<string, string> = {
  'portal-order-form': ' product-id="1" edition-id="1"',
};

/** `/docs/<tag>`: the element's reference from the manifest, with snippets to copy. */
export function renderElementDoc(
  nonce: string,
  origin: string,
  release: WidgetRelease,
  element: ElementDeclaration,
  script: ElementScript = 'portal',
) {
  const tag = element.tagName;
  const attributes = element.attributes ?? [];
  const markup = `<${tag}${attributes.some((a) => a.name === 'lang') ? ' lang="zh-CN"' : ''}${EXAMPLE_ATTRIBUTES[tag] ?? ''}></${tag}>`;
  const events = element.events ?? [];
  // chat.js places its launcher later: its events are heard on the document (they bubble out of it).
  const target = script === 'chat' ? 'document' : `document.querySelector('${tag}')`;
  const listener = events[0]
    ? `${target}.addEventListener('${events[0].name}', (event) => {\n  console.log(event.detail);\n});`
    : '';
  const part = element.cssParts?.[0];
  return layout(
    nonce,
    `<${tag}>`,
    `<p><a href="/docs">All elements</a></p>
<h1><code>&lt;${escapeHtml(tag)}&gt;</code></h1>
<p><strong>${escapeHtml(element.summary)}</strong></p>
${(element.description ?? '')
  .split(/\n\s*\n/)
  .map((p) => `<p>${escapeHtml(p)}</p>`)
  .join('')}
<h2>Usage</h2>
${usage(origin, release, tag, markup, script)}
<p>In an app's bundle, from the package <code>@industrial-portal/widgets</code>: <code>import '@industrial-portal/widgets/elements/${escapeHtml(tag)}';</code> with <code>configurePortal({ origin: '${escapeHtml(origin)}' })</code> (or <code>&lt;meta name="portal-origin" content="${escapeHtml(origin)}"&gt;</code>), so the element knows where its portal is; or from the portal: <code>&lt;script type="module" src="${escapeHtml(origin)}/widgets/esm/${escapeHtml(tag)}.js"&gt;</code>.</p>
${listener ? `<p>Events bubble and cross shadow roots:</p>${code(listener, 'js')}` : ''}
${part ? `<p>Style it with custom properties and parts:</p>${code(`${tag}::part(${part.name}) {\n  /* ${part.description ?? ''} */\n}`, 'css')}` : ''}
${table(
  'Attributes',
  ['attribute', 'type', 'meaning'],
  attributes.map((a) => [a.name, a.type?.text ?? '', a.description ?? '']),
)}
${table(
  'Methods and properties',
  ['name', 'type', 'what'],
  (element.members ?? [])
    .filter((m) => m.kind === 'method' || m.readonly)
    .map((m) => [m.kind === 'method' ? signature(m) : m.name, m.type?.text ?? '', m.description ?? '']),
)}
${table(
  'Events',
  ['event', 'type', 'when'],
  events.map((e) => [e.name, e.type?.text ?? '', e.description ?? '']),
)}
${table(
  'Slots',
  ['slot', 'meaning'],
  (element.slots ?? []).map((s) => [s.name || '(default)', s.description ?? '']),
)}
${table(
  'CSS parts',
  ['part', 'what'],
  (element.cssParts ?? []).map((p) => [p.name, p.description ?? '']),
)}
${table(
  'CSS custom properties',
  ['property', 'meaning'],
  (element.cssProperties ?? []).map((p) => [p.name, p.description ?? '']),
)}`,
  );
}
