import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AnalyzedElement, analyzeElements } from './element-analyzer';
import { type ElementUsage, elementUsage } from './element-usage';

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
export interface ElementDocs extends ElementUsage {
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
  /** The element's own members, as its `HTMLElementTagNameMap` entry states them, without the props. */
  members: MemberDoc[];
  /** Written as a plain `HTMLElement` class: it reads its attributes itself. */
  plainClass: boolean;
  /** Paragraphs written after a tag, past a blank line: they belong above the tags. */
  strayParagraphs: { after: string; text: string }[];
}

const entry = ({ name, description, type }: { name: string; description?: string; type?: { text: string } }) => ({
  name,
  description: description ?? '',
  ...(type ? { type: type.text } : {}),
});

/**
 * Reads one element's reference: its element file as @custom-elements-manifest/analyzer
 * reads it (with the `defineElement(...)` plugin), and what its widget folder uses.
 */
export function readElementDocs(root: string, path: string): ElementDocs {
  return readElementsDocs(root, [path])[0] as ElementDocs;
}

/** The same for several elements, read in one run of the analyzer. */
export function readElementsDocs(root: string, paths: string[]): ElementDocs[] {
  return analyzeElements(root, paths).map((analyzed, index) => elementDocs(root, paths[index] ?? '', analyzed));
}

function elementDocs(root: string, path: string, { declaration, registration }: AnalyzedElement): ElementDocs {
  const members = declaration.members ?? [];
  return {
    path,
    tagName: declaration.tagName ?? '',
    className: declaration.name,
    summary: declaration.summary?.replace(/\s+/g, ' ').trim() ?? '',
    description: declaration.description?.trim() ?? '',
    attributes: (declaration.attributes ?? []).map(entry),
    properties: members
      .filter((m) => m.attribute)
      .map((m) => ({
        name: m.name,
        attribute: m.attribute ?? '',
        description: m.description ?? '',
        type: m.type?.text ?? 'string',
      })),
    events: (declaration.events ?? []).map(entry),
    slots: (declaration.slots ?? []).map(entry),
    cssParts: (declaration.cssParts ?? []).map(entry),
    cssProperties: (declaration.cssProperties ?? []).map(entry),
    members: members
      .filter((m) => !m.attribute)
      .map(
        (m): MemberDoc => ({
          kind: m.kind,
          name: m.name,
          description: m.description ?? '',
          ...(m.type ? { type: m.type.text } : {}),
          ...(m.readonly ? { readonly: true } : {}),
          ...(m.parameters
            ? {
                parameters: m.parameters.map((p) => ({
                  name: p.name,
                  type: p.type?.text ?? 'unknown',
                  ...(p.optional ? { optional: true } : {}),
                })),
              }
            : {}),
          ...(m.return ? { returns: m.return.type.text } : {}),
        }),
      ),
    plainClass: !registration,
    strayParagraphs: declaration.strayParagraphs ?? [],
    ...elementUsage(join(root, path, '..')),
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
 * The event prefixes a widget may use: its name, or a leading part of it
 * (`portal-chat-…` for the chat launcher, whose events belong to the whole chat).
 */
function eventPrefixes(widget: string): string[] {
  const words = widget.split('-');
  return words.map((_, index) => `portal-${words.slice(0, index + 1).join('-')}-`);
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
  for (const stray of docs.strayParagraphs)
    problems.push(
      `${where}: the paragraph after ${stray.after} ("${stray.text.slice(0, 40)}…") is not its description: move it above the tags`,
    );
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
