import { code, escapeHtml } from './snippets';

/** A guide of `/docs/guides/<name>`: how to use the elements in one kind of page or app. */
export interface Guide {
  title: string;
  /** One line for the list on /docs. */
  summary: string;
  /** The guide's body, with the snippets to copy, for a portal at `origin`. */
  body(origin: string): string;
}

/**
 * The guides, by name. Every snippet in them is run on another origin by
 * e2e/docs-snippets.spec.ts: `html` in a page, `js` as a module in it, `app` bundled
 * as an app's code would be (its package names resolved to this portal's modules).
 */
export const GUIDES: Record<string, Guide> = {
  html: {
    title: 'Plain HTML',
    summary: 'the meta tag, one module per element, the tags',
    body: (
      origin,
    ) => `<p>No build step: say where the portal is, load each element's module from it, and use the tags. Each module defines its tag once, however often it is loaded.</p>
${code(`<meta name="portal-origin" content="${origin}">
<script type="module" src="${origin}/widgets/esm/portal-cookie-notice.js"></script>
<script type="module" src="${origin}/widgets/esm/portal-login.js"></script>

<portal-login lang="zh-CN"></portal-login>
<portal-cookie-notice lang="zh-CN"></portal-cookie-notice>`)}
<p>Or one script for every element the page uses, loaded as each tag appears: <code>&lt;script src="${escapeHtml(origin)}/widgets/portal.js" async&gt;&lt;/script&gt;</code> (pinned with its hash on <a href="/docs">/docs</a>). Events bubble and cross shadow roots:</p>
${code(
  `document.addEventListener('portal-login-signed-in', (event) => {
  console.log(event.detail.name);
});`,
  'js',
)}`,
  },
  react: {
    title: 'React',
    summary: 'the package in a React app: imports, configurePortal, typed tags and events',
    body: (
      origin,
    ) => `<p>Install the package (<code>npm install @industrial-portal/widgets</code>), import the elements you use and say where the portal is, once, before the first render. The tags are typed in JSX by <code>@industrial-portal/widgets/react</code>; events are listened to on the element (React does not map <code>portal-*</code> events to props).</p>
${code(`<div id="app"></div>`)}
${code(
  `import { configurePortal } from '@industrial-portal/widgets';
import '@industrial-portal/widgets/elements/portal-login';
import type {} from '@industrial-portal/widgets/react';
import { useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';

configurePortal({ origin: '${origin}' });

function AccountBar() {
  const login = useRef<HTMLElementTagNameMap['portal-login']>(null);
  useEffect(() => {
    const element = login.current;
    const signedIn = (event: HTMLElementEventMap['portal-login-signed-in']) => console.log(event.detail.name);
    element?.addEventListener('portal-login-signed-in', signedIn);
    return () => element?.removeEventListener('portal-login-signed-in', signedIn);
  }, []);
  return <portal-login ref={login} lang="zh-CN" />;
}

createRoot(document.getElementById('app')!).render(<AccountBar />);`,
  'app',
)}
<p>Preact works the same (<code>@industrial-portal/widgets/preact</code> for the typings).</p>`,
  },
  vue: {
    title: 'Vue',
    summary: 'the compiler setting for portal-* tags, and the elements in main.ts',
    body: (
      origin,
    ) => `<p>Tell Vue's compiler that <code>portal-*</code> tags are custom elements (in <code>vite.config.ts</code>: <code>vue({ template: { compilerOptions: { isCustomElement: (tag) =&gt; tag.startsWith('portal-') } } })</code>), import the elements and say where the portal is in <code>main.ts</code>; the tags are typed in templates by <code>@industrial-portal/widgets/vue</code>. In a template, listen with <code>@portal-login-signed-in="…"</code>. The same elements without Vue's build, as the page runs them:</p>
${code(`<div id="app"><portal-login lang="zh-CN"></portal-login></div>`)}
${code(
  `import { configurePortal } from '@industrial-portal/widgets';
import '@industrial-portal/widgets/elements/portal-login';
import type {} from '@industrial-portal/widgets/vue';

configurePortal({ origin: '${origin}' });
document.querySelector('portal-login')?.addEventListener('portal-login-signed-in', (event) => {
  console.log(event.detail.name);
});`,
  'app',
)}`,
  },
  'server-rendering': {
    title: 'Server rendering',
    summary: 'tags sent in the HTML, upgraded in place; imports that are safe under Node',
    body: (
      origin,
    ) => `<p>Send the tags in the HTML with their attributes; they show once their module loads, in place, without the server running any of their code. Importing an element's module under Node (the package's <code>node</code> condition) defines nothing and never throws, so a server bundle may import the same modules as the browser's. Say where the portal is in the page rather than in code that only runs in the browser:</p>
${code(`<meta name="portal-origin" content="${origin}">
<script type="module" src="${origin}/widgets/esm/portal-footer.js"></script>

<portal-footer lang="zh-CN"></portal-footer>`)}
<p>The portal's own pages go further: they render the chrome as declarative shadow DOM with the elements' own views, and the elements hydrate it instead of painting it again (the portal's docs/architecture.md, "Complete without JavaScript").</p>`,
  },
  configuration: {
    title: 'Configuration',
    summary: 'configurePortal or the meta tags, environments, and the portal’s partner settings',
    body: (
      origin,
    ) => `<p>The elements talk to the portal their code came from. Code bundled into an app comes from the app's address, so say where the portal is, in code or in markup; the most specific wins (<code>configurePortal</code>, then the <code>&lt;meta&gt;</code> tags, then what <code>portal.js</code> announces, then the code's own origin).</p>
${code(
  `import { configurePortal } from '@industrial-portal/widgets';
import '@industrial-portal/widgets/elements/portal-cookie-notice';

configurePortal({ origin: '${origin}' });
document.body.append(document.createElement('portal-cookie-notice'));`,
  'app',
)}
${code(`<meta name="portal-origin" content="${origin}">`)}
<p>With the environment's servers, where they are not the portal's own origin: <code>configurePortal({ origin, env })</code> or <code>&lt;meta name="portal-env" content="prod"&gt;</code>. <code>env</code> is an environment name (<code>local</code>, <code>dev</code>, <code>test</code>, <code>demo</code>, <code>prod</code>) or its servers as an object (<code>{ name, accountServer, console, api }</code>); a malformed origin or an unknown name throws a <code>TypeError</code> naming it. On the portal's server, pages of other origins are registered with <code>CHAT_PARTNER_ORIGINS</code> (the chat) and <code>ACCOUNT_ORIGINS</code> (sign-in, see <a href="/docs#sign-in-origins">/docs</a>):</p>
${code('CHAT_PARTNER_ORIGINS=https://shop.example ACCOUNT_ORIGINS=https://shop.example npm start', 'shell')}`,
  },
};
