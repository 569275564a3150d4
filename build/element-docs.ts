import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One documented name: an attribute, event, slot, CSS part or custom property. */
export interface DocEntry {
  name: string;
  description: string;
  /** The TypeScript type, when the code states one. */
  type?: string;
}

/** A method or field the element states in its `HTMLElementTagNameMap` entry (not a prop from an attribute). */
export interface MemberDoc {
  kind: 'field' | 'method';
  name: string;
  description: string;
  /** A field's type. */
  type?: string;
  readonly?: boolean;
  parameters?: { name: string; type: string; optional?: boolean }[];
  /** A method's return type. */
  returns?: string;
}

/** What one `*.element.ts` file says about its element, in its JSDoc block and code. */
export interface ElementDocs {
  /** Path from the repository root, with forward slashes. */
  path: string;
  tagName: string;
  className: string;
  summary: string;
  description: string;
  attributes: DocEntry[];
  /** Props set from attributes (`defineElement`'s `props`), camelCase, with the attribute. */
  properties: (DocEntry & { attribute: string })[];
  events: DocEntry[];
  slots: DocEntry[];
  cssParts: DocEntry[];
  cssProperties: DocEntry[];
  /** The element's own members, as its `HTMLElementTagNameMap` entry states them. */
  interfaceMembers: string;
  /** The same, one by one, without the props already listed. */
  members: MemberDoc[];
  /** Every `portal-*` event name emitted in the widget's folder. */
  emitted: string[];
  /** Every literal `part="..."` name in the widget's components. */
  partsUsed: string[];
  /** Every `var(--portal-…)` in the element's CSS: its folder's and what its code imports from elsewhere. */
  cssPropertiesUsed: string[];
  /** Written as a plain `HTMLElement` class: it reads its attributes itself. */
  plainClass: boolean;
}

/** Every widget takes the same two languages (a public contract). */
export const LANG_TYPE = "'zh-CN' | 'en'";

const TAG_CONSTANT = /export const \w+_TAG = '(portal-[a-z-]+)';/;
const DOC_AND_DEFINE = /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*export const (\w+) = defineElement\b[^(]*\(([\s\S]*?)\);\n/;
/** An element written as a plain class (no component, no props from attributes). */
const DOC_AND_CLASS = /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*export class (\w+) extends HTMLElement\b/;
const PROPS_OPTION = /props:\s*\{([^}]*)\}/;
const PROP_ENTRY = /(\w+):\s*'(\w+)'/g;

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The text of a JSDoc block without its leading stars. */
function docLines(block: string): string {
  return block
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''))
    .join('\n')
    .trim();
}

/** `@tag {type} name - description`, each tag running until the next one. */
function parseTags(text: string): { tag: string; type?: string; name: string; description: string }[] {
  return text
    .split(/\n(?=@)/)
    .filter((chunk) => chunk.startsWith('@'))
    .map((chunk) => {
      const match = /^@(\w+)\s+(?:\{([^}]*)\}\s+)?(\S+)(?:\s+-\s+)?([\s\S]*)$/.exec(chunk.replace(/\s+/g, ' ').trim());
      if (!match) return { tag: chunk.slice(1).split(/\s/)[0] ?? '', name: '', description: '' };
      const [, tag = '', type, name = '', description = ''] = match;
      return { tag, type, name, description: description.trim() };
    });
}

/** The members of `interface Name { 'key': Type; ... }` inside a `declare global` block. */
function globalInterfaceEntries(source: string, interfaceName: string): Map<string, string> {
  const entries = new Map<string, string>();
  const body = `${new RegExp(`interface ${interfaceName} \\{([\\s\\S]*?)\\n  \\}`).exec(source)?.[1] ?? ''}\n`;
  for (const match of body.matchAll(/'(portal-[a-z-]+)':\s*/g)) {
    // The type runs to the first `;` at line end outside braces (a type literal may span lines).
    let depth = 0;
    let end = match.index + match[0].length;
    for (; end < body.length; end++) {
      const char = body[end];
      if (char === '{' || char === '(') depth++;
      else if (char === '}' || char === ')') depth--;
      else if (char === ';' && depth === 0 && body[end + 1] === '\n') break;
    }
    const type = body.slice(match.index + match[0].length, end);
    entries.set(match[1] ?? '', type.replace(/\s+/g, ' ').replace(/; }/g, ' }').trim());
  }
  return entries;
}

/** `text` cut at each `separator` outside brackets and comments. */
function splitOutside(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.startsWith('/*', i)) {
      i = text.indexOf('*/', i) + 1;
      if (i === 0) break;
      continue;
    }
    const char = text[i] ?? '';
    if ('({['.includes(char)) depth++;
    else if (')}]'.includes(char)) depth--;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim()).filter(Boolean);
}

const typeText = (type: string) => type.trim().replace(/^\|\s*/, '');

/** The methods and fields of `HTMLElement & { ... }`, with their JSDoc, leaving out `props`. */
function statedMembers(interfaceMembers: string, props: string[]): MemberDoc[] {
  const body = /^HTMLElement\s*&\s*\{([\s\S]*)\}$/.exec(interfaceMembers)?.[1] ?? '';
  return splitOutside(body, ';').flatMap((entry): MemberDoc[] => {
    const doc = /^\/\*\*\s*([\s\S]*?)\s*\*\/\s*/.exec(entry);
    const description = doc?.[1]?.trim() ?? '';
    const code = entry.slice(doc?.[0].length ?? 0);
    const method = /^(\w+)\s*\(/.exec(code);
    if (method?.[1]) {
      const name = method[1];
      let depth = 1;
      let end = method[0].length;
      for (; end < code.length && depth > 0; end++) depth += code[end] === '(' ? 1 : code[end] === ')' ? -1 : 0;
      const close = code.slice(method[0].length, end - 1);
      const returns = typeText(/^\s*:\s*([\s\S]+)$/.exec(code.slice(end))?.[1] ?? 'void');
      const parameters = splitOutside(close, ',').map((parameter) => {
        const [, paramName = '', optional, type = 'unknown'] = /^(\w+)(\?)?\s*:\s*([\s\S]+)$/.exec(parameter) ?? [];
        return { name: paramName, type: typeText(type), ...(optional ? { optional: true } : {}) };
      });
      return [{ kind: 'method', name, description, ...(parameters.length ? { parameters } : {}), returns }];
    }
    const field = /^(readonly\s+)?(\w+)\??\s*:\s*([\s\S]+)$/.exec(code);
    if (!field?.[2] || props.includes(field[2])) return [];
    return [
      {
        kind: 'field',
        name: field[2],
        description,
        type: typeText(field[3] ?? ''),
        ...(field[1] ? { readonly: true } : {}),
      },
    ];
  });
}

function folderSources(folder: string, extension: RegExp): string {
  return readdirSync(folder)
    .filter((file) => extension.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => readFileSync(join(folder, file), 'utf8'))
    .join('\n');
}

/** The custom properties of `--portal-…` a stylesheet reads with `var()`. */
const PORTAL_VAR = /var\(\s*(--portal-[\w-]+)/g;

/** The element's stylesheets: its folder's, then those its code imports from other folders (`../dialog/modal.css`). */
function cssPropertiesUsed(folder: string, components: string): string[] {
  const own = readdirSync(folder)
    .filter((file) => file.endsWith('.css'))
    .map((file) => join(folder, file));
  const imported = [...components.matchAll(/['"](\.\.\/[\w./-]+\.css)['"]/g)].map((m) => join(folder, m[1] ?? ''));
  const sheets = [...new Set([...own, ...imported])].map((file) => readFileSync(file, 'utf8'));
  return [...new Set(sheets.flatMap((sheet) => [...sheet.matchAll(PORTAL_VAR)].map((m) => m[1] ?? '')))];
}

/**
 * Every `portal-*` event a widget's code emits: `emit(host, 'portal-…')`,
 * `this.emit('portal-…')` (either branch of a condition), `new CustomEvent('portal-…')`.
 */
function emittedEvents(components: string): string[] {
  const calls = components.matchAll(/(?:\bemit\(\s*(?:\w+,\s*)?|new CustomEvent\(\s*)([^,)]*)/g);
  const names = [...calls].flatMap((call) =>
    [...(call[1] ?? '').matchAll(/'(portal-[a-z-]+)'/g)].map((m) => m[1] ?? ''),
  );
  return [...new Set(names)];
}

/**
 * The event prefixes a widget may use: its name, or a leading part of it
 * (`portal-chat-…` for the chat launcher, whose events belong to the whole chat).
 */
function eventPrefixes(widget: string): string[] {
  const words = widget.split('-');
  return words.map((_, index) => `portal-${words.slice(0, index + 1).join('-')}-`);
}

/** Reads one element's reference from its element file and its widget folder. */
export function readElementDocs(root: string, path: string): ElementDocs {
  const source = readFileSync(join(root, path), 'utf8');
  const tagName = TAG_CONSTANT.exec(source)?.[1];
  const defined = DOC_AND_DEFINE.exec(source) ?? DOC_AND_CLASS.exec(source);
  if (!tagName || !defined) {
    throw new Error(`${path}: no tag constant, or no JSDoc block on defineElement() or the element class`);
  }
  const [, block = '', className = '', args = ''] = defined;
  const plainClass = !defined[0].includes('defineElement');
  const text = docLines(block);
  const firstTag = text.search(/^@/m);
  const description = (firstTag < 0 ? text : text.slice(0, firstTag)).trim();
  const tags = parseTags(firstTag < 0 ? '' : text.slice(firstTag));
  const entries = (tag: string): DocEntry[] =>
    tags
      .filter((t) => t.tag === tag)
      .map((t) => ({ name: t.name, description: t.description, ...(t.type ? { type: t.type } : {}) }));

  const props = [...(PROPS_OPTION.exec(args)?.[1] ?? '').matchAll(PROP_ENTRY)].map(([, name = '', kind = '']) => ({
    name,
    kind,
  }));
  const eventTypes = globalInterfaceEntries(source, 'GlobalEventHandlersEventMap');
  const attributes = entries('attr').map((attribute) => {
    const prop = props.find((p) => kebab(p.name) === attribute.name);
    const type =
      attribute.type ?? (attribute.name === 'lang' ? LANG_TYPE : prop?.kind === 'number' ? 'number' : 'string');
    return { ...attribute, type };
  });
  const summary = tags.find((t) => t.tag === 'summary');
  const interfaceMembers = globalInterfaceEntries(source, 'HTMLElementTagNameMap').get(tagName) ?? 'HTMLElement';
  const folder = join(root, path, '..');
  const components = folderSources(folder, /\.tsx?$/);
  return {
    path,
    tagName,
    className,
    summary: summary ? `${summary.name} ${summary.description}`.trim() : '',
    description,
    attributes,
    properties: props.map(({ name }) => {
      const attribute = kebab(name);
      const documented = attributes.find((a) => a.name === attribute);
      return {
        name,
        attribute,
        description: documented?.description ?? '',
        type: documented?.type ?? 'string',
      };
    }),
    events: entries('event').map((event) => ({ ...event, type: event.type ?? eventTypes.get(event.name) })),
    slots: entries('slot'),
    cssParts: entries('csspart'),
    cssProperties: entries('cssproperty'),
    interfaceMembers,
    members: statedMembers(
      interfaceMembers,
      props.map((prop) => prop.name),
    ),
    emitted: emittedEvents(components),
    plainClass,
    partsUsed: [...new Set([...components.matchAll(/\bpart="([^"]+)"/g)].flatMap((m) => (m[1] ?? '').split(/\s+/)))],
    cssPropertiesUsed: cssPropertiesUsed(folder, components),
  };
}

/** Every `widgets/<name>/<name>.element.ts`, in folder order. */
export function elementFiles(root: string): string[] {
  return readdirSync(join(root, 'widgets'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `widgets/${entry.name}/${entry.name}.element.ts`)
    .filter((path) => {
      try {
        readFileSync(join(root, path));
        return true;
      } catch {
        return false;
      }
    });
}

/**
 * What an element's reference lacks: the build fails on any of these, so an
 * element cannot ship undocumented.
 */
export function missingDocs(docs: ElementDocs): string[] {
  const problems: string[] = [];
  const where = `${docs.path} <${docs.tagName}>`;
  const widget = docs.tagName.replace(/^portal-/, '');
  if (!docs.summary) problems.push(`${where}: no @summary`);
  if (!docs.description) problems.push(`${where}: no description before the tags`);
  const documented = (list: DocEntry[], name: string) => list.some((entry) => entry.name === name);
  for (const list of [docs.attributes, docs.events, docs.slots, docs.cssParts, docs.cssProperties]) {
    for (const entry of list) if (!entry.description) problems.push(`${where}: ${entry.name} has no description`);
  }
  for (const member of docs.members)
    if (!member.description) problems.push(`${where}: ${member.name} has no description`);
  for (const property of docs.properties) {
    if (!documented(docs.attributes, property.attribute)) {
      problems.push(`${where}: attribute ${property.attribute} (prop ${property.name}) has no @attr`);
    }
  }
  if (!docs.plainClass && docs.properties.some((p) => p.name === 'lang') !== documented(docs.attributes, 'lang')) {
    problems.push(`${where}: lang is documented but not a prop, or the reverse`);
  }
  for (const event of docs.emitted) {
    if (!documented(docs.events, event)) problems.push(`${where}: emits ${event} without an @event`);
  }
  for (const event of docs.events) {
    if (!eventPrefixes(widget).some((prefix) => event.name.startsWith(prefix))) {
      problems.push(`${where}: event ${event.name} is not named portal-${widget}-<what happened>`);
    }
    if (!event.type) problems.push(`${where}: event ${event.name} is not in GlobalEventHandlersEventMap`);
  }
  for (const part of docs.partsUsed) {
    if (!documented(docs.cssParts, part)) problems.push(`${where}: part "${part}" has no @csspart`);
  }
  // A page styles an element through its custom properties: each one the CSS reads is part of its reference.
  for (const property of docs.cssPropertiesUsed) {
    if (!documented(docs.cssProperties, property))
      problems.push(`${where}: its CSS uses var(${property}) without a @cssproperty`);
  }
  return problems;
}
