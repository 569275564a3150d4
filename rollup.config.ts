import { rmSync } from 'node:fs';
import alias from '@rollup/plugin-alias';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import type { OutputBundle, RollupOptions } from 'rollup';
import esbuild from 'rollup-plugin-esbuild';
import { KB, noReact, reportAndCheck } from './build/budget';
import { classicEntry } from './build/classic-entry';
import { cssString } from './build/css-string';
import { elementLoaders } from './build/element-loaders';
import { elementManifest } from './build/element-manifest';
import { embedKit } from './build/embed-kit';
import { type CompressedSizes, precompress } from './build/precompress';
import { reactAliases } from './build/react-aliases';
import { studioEditorStyle } from './build/studio-editor-style';
import { ELEMENTS, elementsDefinedBy } from './widgets/elements';

const OUT_DIR = 'dist/widgets';
const production = process.env.BUILD !== 'development';

const inFolder = (id: string, folder: string) => id.includes(`/${folder}/`);

/**
 * Shared code comes in a few chunks, each fetched once per page however many
 * widgets use it:
 * - `runtime`: Preact, r2wc, nanostores, js-cookie and the element plumbing of
 *   widgets/core: every widget needs it;
 * - `light`: what a first view runs without the framework: the header's
 *   hide-on-scroll and the sign-in check (the loader's waiting logic, `deferred`,
 *   brings it);
 * - `state`: the stores, tokens, environment, the full sign-in session and the
 *   reader of server-rendered styles: widgets that show data, which every page's
 *   chrome does once the visitor acts (one request where three were);
 * - `http`: ky and the API client: widgets that fetch;
 * - `account`: the account SDK: widgets that sign in.
 * A page that shows only the cookie notice loads the runtime alone.
 */
const STATE_MODULES = /\/widgets\/core\/(stores\/|tokens\.ts$|env\.ts$|toast\.ts$|base\.ts$)/;
const RUNTIME_PACKAGES = /\/node_modules\/(preact|@r2wc|nanostores|@nanostores|js-cookie|react|react-dom)\//;

/**
 * What a first view runs without the framework, beside the loader's waiting
 * logic: the header's hide-on-scroll and the light sign-in check (the stored
 * tokens, the hub, phones by user agent), on which the stores build. Apart from
 * the waiting logic, which the loader can do without when it cannot be fetched
 * (the elements then load at once); one chunk of their own, which every element
 * that shows the user imports.
 */
const LIGHT_MODULES =
  /\/(widgets\/(header\/hide-on-scroll|core\/(stored-tokens|account\/(hub|sign-in-check|signed-in-wait)))|contract\/user-agent)\.ts$/;

function manualChunks(id: string): string | undefined {
  if (LIGHT_MODULES.test(id)) return 'light';
  // What chat.js asks only on a partner's page goes with the launcher it brings there: one request.
  if (/\/widgets\/chat-launcher\/(chat-launcher\.element|partner-access)\.ts$/.test(id)) return 'chat-launcher';
  // Loaders that fetch the HTTP client only when needed stay out of it.
  if (/\/widgets\/core\/http\/(page-common|envelope|handed-over)\.ts$/.test(id)) return 'state';
  // Only the footer shows the friendly links: their loader goes with it.
  if (/\/widgets\/core\/http\/friendly-links\.ts$/.test(id)) return undefined;
  if (inFolder(id, 'node_modules/ky') || inFolder(id, 'widgets/core/http')) return 'http';
  // The sign-in check every page makes; the SDK behind it loads only for signed-in visitors.
  if (/\/widgets\/core\/account\/portal-session\.ts$/.test(id)) return 'state';
  // Whether another origin may frame the hub: asked only off the portal's own pages.
  if (/\/widgets\/core\/account\/hub-welcome\.ts$/.test(id)) return 'hub-welcome';
  // Embedding mistakes, said once: shared by the sign-in check and the chat launcher, which carries no runtime.
  if (/\/widgets\/core\/(portal-known|warn-once)\.ts$/.test(id)) return 'mistakes';
  if (inFolder(id, 'widgets/core/account')) return 'account';
  if (inFolder(id, 'widgets/core/helpers')) return undefined;
  // The elements the server renders need it (they need the stores too); the cookie notice page does not.
  if (/\/widgets\/core\/server-styles\.ts$/.test(id)) return 'state';
  // What the stores and the HTTP loaders agree on with the server: with the stores.
  if (/\/contract\/(envelope|environments|server-state)\.ts$/.test(id)) return 'state';
  // Like the helpers: with whatever uses them.
  if (/\/contract\/random-ids\.ts$/.test(id)) return undefined;
  // The marks of server-rendered markup: define() reads them on every element.
  if (/\/contract\/server-rendering\.ts$/.test(id)) return 'runtime';
  // The site menu and its icon: both wanted by the headers, one file rather than two.
  if (/\/widgets\/header\/menu(-icon)?\.tsx?$/.test(id)) return 'menu';
  // The chat panel's store and the toasts' come with what shows them, not with every page.
  if (/\/widgets\/core\/(stores\/chat|toast)\.ts$/.test(id)) return undefined;
  if (STATE_MODULES.test(id)) return 'state';
  if (RUNTIME_PACKAGES.test(id) || inFolder(id, 'widgets/core')) return 'runtime';
  return undefined;
}

let bundle: OutputBundle | undefined;

rmSync(OUT_DIR, { recursive: true, force: true });

const config: RollupOptions = {
  input: {
    portal: 'widgets/portal.ts',
    // Elements of the portal's own order pages: each page loads its own with a
    // module script, so portal.js (in every page's budget) does not list them.
    ...Object.fromEntries(
      elementsDefinedBy('page').map((tag) => [
        ELEMENTS[tag].module.split('/')[0],
        `widgets/${ELEMENTS[tag].module}.ts`,
      ]),
    ),
    chat: 'widgets/chat.ts',
    'chat-agent': 'widgets/chat-agent/inbox.tsx',
    // The studio's rich-text editor (Trix), for studio pages only: with its style sheet, studio-editor.css.
    'studio-editor': 'widgets/studio-editor/editor.ts',
  },
  preserveEntrySignatures: false,
  plugins: [
    elementLoaders(),
    alias({ entries: reactAliases }),
    replace({
      preventAssignment: true,
      values: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
    }),
    nodeResolve({ browser: true, extensions: ['.ts', '.tsx', '.mjs', '.js'] }),
    commonjs(),
    cssString({ emit: true, serverOnlyDir: 'widgets' }),
    esbuild({ target: 'es2022', tsconfig: 'tsconfig.json' }),
    noReact(),
    elementManifest(),
    embedKit(),
    studioEditorStyle(),
    {
      name: 'keep-bundle',
      generateBundle(_, output) {
        bundle = output;
      },
    },
  ],
  output: {
    dir: OUT_DIR,
    format: 'es',
    // The script-tag entries keep stable names; the order pages' elements are hashed chunks.
    entryFileNames: (chunk) =>
      ['portal', 'chat', 'chat-agent', 'studio-editor'].includes(chunk.name) ? '[name].js' : 'chunks/[name]-[hash].js',
    // Short names: portal.js lists every element's chunk.
    chunkFileNames: (chunk) => `chunks/${chunk.name.replace(/\.element$/, '')}-[hash].js`,
    sourcemap: true,
    manualChunks,
    plugins: [
      classicEntry('portal'),
      classicEntry('chat'),
      ...(production
        ? [
            terser({
              ecma: 2020,
              module: true,
              compress: {
                passes: 3,
                pure_getters: true,
                unsafe_arrows: true,
                unsafe_methods: true,
                unsafe_comps: true,
              },
              toplevel: true,
              format: { comments: false },
            }),
          ]
        : []),
      precompress((sizes: Map<string, CompressedSizes>) => {
        if (!bundle) throw new Error('no bundle to report on');
        reportAndCheck(sizes, bundle, [
          // What a page of another site with `<portal-cookie-notice>` downloads for it. The
          // portal's own pages draw their notice in the server's HTML and fetch none of this
          // for it (issue 33); until then this was the bytes every portal page paid first.
          {
            name: 'embedded cookie notice',
            entry: 'portal',
            chunks: ['runtime', 'cookie-notice.element'],
            // 12 KB until the bar published its height for the floating controls to stand
            // above it (issue 18): 12.08 KB with js-cookie, which reads and writes the consent.
            // 12.2 KB once the loader kept the clicks made before its waiting code came,
            // and those the page kept before portal.js ran (on a slow phone a tap on the
            // server's header was lost), and loaded the elements at once when that code
            // cannot be fetched.
            maxGzip: 12.25 * KB,
          },
          // What a partner page with the one-tag chat downloads before the chat is opened
          // (4.99 KB until the portal's own pages stopped fetching its partner-only part: 4.80 KB).
          { name: 'chat embed', entry: 'chat', chunks: ['chat-launcher'], maxGzip: 4.9 * KB },
          // What a first anonymous view of any portal page runs until the visitor acts
          // (issue 33), a desktop's and a phone's alike: the loader, chat.js, the waiting
          // logic and the light chunk, no framework. Beside the pages' inline scripts (the
          // keeper of early clicks and the cookie notice's, 0.56 KB) it must stay within the
          // 5 KB the bench checks (TARGETS.firstViewJsGzip, each file gzip -6, about 3 % more
          // than here): 4.28 KB when this budget was set.
          { name: 'first view', entry: 'portal', chunks: ['chat', 'deferred', 'light'], maxGzip: 4.3 * KB },
        ]);
      }),
    ],
  },
  onwarn(warning, warn) {
    // Preact and nanostores ship `this` at module level in some builds; harmless.
    if (warning.code === 'THIS_IS_UNDEFINED') return;
    warn(warning);
  },
};

export default config;
