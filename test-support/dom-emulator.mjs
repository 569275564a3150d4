/**
 * Imports the elements as a unit test runner with a DOM emulator does (the `jsdom`
 * or `happy-dom` environment of Vitest and Jest): the emulator's window, its
 * globals on `globalThis` where Node has none, its event classes in place of
 * Node's, and `window` being `globalThis`; then each module, resolved from the
 * current folder (an app's, with the package installed: its `node` entry), then
 * each tag made and put on the page. Prints the outcome as JSON: the tags defined,
 * what the console said, and what was thrown. Usage (issue #34):
 *
 *   node test-support/dom-emulator.mjs jsdom|happy-dom <page url> <tag>=<module> …
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [emulator, url, ...wanted] = process.argv.slice(2);
const html = '<!doctype html><html lang="zh-CN"><head></head><body></body></html>';
const own = createRequire(import.meta.url);
const app = createRequire(join(process.cwd(), 'package.json'));

const window =
  emulator === 'jsdom'
    ? new (own('jsdom').JSDOM)(html, { url, pretendToBeVisual: true }).window
    : emulator === 'happy-dom'
      ? new (await import(pathToFileURL(own.resolve('happy-dom')).href)).Window({ url })
      : undefined;
if (!window) throw new Error(`unknown emulator "${emulator}"`);
if (emulator === 'happy-dom') window.document.write(html);

/** Node's own classes of these names would not do on the emulator's nodes. */
const REPLACED = new Set(['Event', 'EventTarget', 'CustomEvent', 'MessageEvent', 'DOMException']);
const SKIPPED = new Set(['window', 'self', 'top', 'parent', 'globalThis', 'console']);
// The window's own names, and the event methods it inherits (as Vitest lists them too).
const names = [...Object.getOwnPropertyNames(window), 'addEventListener', 'removeEventListener', 'dispatchEvent'];
for (const key of names) {
  if (SKIPPED.has(key) || key.startsWith('_') || (key in globalThis && !REPLACED.has(key))) continue;
  const method = /^[a-z]/.test(key) && typeof window[key] === 'function';
  Object.defineProperty(globalThis, key, {
    configurable: true,
    get: () => (method ? window[key].bind(window) : window[key]),
    set: (value) => {
      window[key] = value;
    },
  });
}
for (const key of ['window', 'self', 'top', 'parent']) globalThis[key] = globalThis;

const said = { warn: [], error: [] };
for (const level of ['warn', 'error'])
  console[level] = (...args) => said[level].push(args.map((arg) => String(arg?.message ?? arg)).join(' '));
const thrown = [];
process.on('uncaughtException', (error) => thrown.push(String(error?.stack ?? error)));
process.on('unhandledRejection', (error) => thrown.push(String(error?.stack ?? error)));

const tags = [];
for (const pair of wanted) {
  const [tag, module] = pair.split('=');
  tags.push(tag);
  try {
    await import(pathToFileURL(app.resolve(module)).href);
  } catch (error) {
    thrown.push(`import ${module}: ${error?.stack ?? error}`);
  }
}
const defined = tags.filter((tag) => customElements.get(tag));
for (const tag of tags) {
  try {
    document.body.append(document.createElement(tag));
  } catch (error) {
    thrown.push(`<${tag}>: ${error?.stack ?? error}`);
  }
}
// What the elements do next (a render, a first request) has its turn.
await new Promise((resolve) => setTimeout(resolve, 300));
process.stdout.write(`${JSON.stringify({ defined, warnings: said.warn, errors: said.error, thrown })}\n`);
process.exit(0);
