import type { ElementDocs } from './element-docs';

/** File name (under `types/`) -> declarations, generated from the elements' references. */
export type DeclarationFiles = Record<string, string>;

const HEADER = '// Generated from the portal-* elements at build time: do not edit.\n';
const pascal = (tag: string) => tag.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());
const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const quote = (name: string) => (/^[a-z]\w*$/i.test(name) ? name : `'${name}'`);

function comment(text: string, indent: string): string {
  return `${indent}/** ${text.replace(/\*\//g, '*\\/').replace(/\n/g, `\n${indent} * `)} */\n`;
}

/** `index.d.ts`: element types, events and attributes; the DOM's tag and event maps. */
function domDeclarations(elements: ElementDocs[]): string {
  const lines = [HEADER];
  lines.push("/** Every widget's language; the default is the nearest `lang` on the page. */\n");
  lines.push("export type PortalLang = 'zh-CN' | 'en';\n\n");
  for (const element of elements) {
    lines.push(comment(`\`<${element.tagName}>\`: ${element.summary}`, ''));
    lines.push(`export type ${pascal(element.tagName)}Element = ${element.interfaceMembers};\n\n`);
  }
  lines.push('/** The attributes each element takes in markup. */\nexport interface PortalElementAttributes {\n');
  for (const element of elements) {
    lines.push(`  '${element.tagName}': {\n`);
    for (const attribute of element.attributes) {
      lines.push(comment(attribute.description, '    '));
      lines.push(`    ${quote(attribute.name)}?: ${attribute.type ?? 'string'};\n`);
    }
    lines.push('  };\n');
  }
  lines.push(
    '}\n\n/** Every `portal-*` event: bubbling, composed, cancelable. */\nexport interface PortalElementEvents {\n',
  );
  for (const event of elements.flatMap((element) => element.events)) {
    lines.push(comment(event.description, '  '));
    lines.push(`  '${event.name}': ${event.type ?? 'CustomEvent<unknown>'};\n`);
  }
  lines.push('}\n\nexport interface PortalElements {\n');
  for (const element of elements) lines.push(`  '${element.tagName}': ${pascal(element.tagName)}Element;\n`);
  lines.push('}\n\ndeclare global {\n');
  lines.push('  interface HTMLElementTagNameMap extends PortalElements {}\n');
  lines.push('  interface GlobalEventHandlersEventMap extends PortalElementEvents {}\n}\n');
  return lines.join('');
}

function frameworkDeclarations(
  elements: ElementDocs[],
  imports: string,
  module: string,
  open: string,
  props: (element: ElementDocs) => string,
  close: string,
  types = 'PortalElementAttributes',
): string {
  const indent = ' '.repeat((/( *)\S[^\n]*\n$/.exec(open)?.[1]?.length ?? 0) + 2);
  const entries = elements.map((element) => `${indent}'${element.tagName}': ${props(element)};\n`);
  return `${HEADER}import type { ${types} } from './index.js';\n${imports}\ndeclare module '${module}' {\n${open}${entries.join('')}${close}}\n`;
}

/**
 * A Vue template's view of an element: its attributes, and its events as the
 * `on…` props Vue's type checker reads `@portal-…` listeners from (Vue listens to
 * the event of the hyphenated name on a custom element).
 */
function vueProps(element: ElementDocs): string {
  const events = element.events.map(
    ({ name }) => `${camel(`on-${name}`)}?: (event: PortalElementEvents['${name}']) => void`,
  );
  const attributes = `PortalElementAttributes['${element.tagName}']`;
  return `DefineComponent<${events.length ? `${attributes} & { ${events.join('; ')} }` : attributes}>`;
}

/** Declarations for plain DOM code and for React, Preact and Vue templates. */
export function elementDeclarations(elements: ElementDocs[]): DeclarationFiles {
  return {
    'index.d.ts': domDeclarations(elements),
    'react.d.ts': frameworkDeclarations(
      elements,
      // `class`, not `className`: React 18 writes `className` on a custom element as a
      // `classname` attribute, which styles nothing; `class` works in React 18 and 19.
      "import type { DetailedHTMLProps, HTMLAttributes } from 'react';\n\ntype Props<T extends keyof PortalElementAttributes> = Omit<\n  DetailedHTMLProps<HTMLAttributes<HTMLElementTagNameMap[T]>, HTMLElementTagNameMap[T]>,\n  'className'\n> & {\n  /** The element's classes. Not `className`: React 18 writes that as a `classname` attribute on a custom element. */\n  class?: string;\n} & PortalElementAttributes[T];\n",
      'react',
      '  namespace JSX {\n    interface IntrinsicElements {\n',
      ({ tagName }) => `Props<'${tagName}'>`,
      '    }\n  }\n',
    ),
    'preact.d.ts': frameworkDeclarations(
      elements,
      "import type { JSX as PreactJSX } from 'preact';\n\ntype Props<T extends keyof PortalElementAttributes> = PreactJSX.HTMLAttributes<HTMLElementTagNameMap[T]> &\n  PortalElementAttributes[T];\n",
      'preact',
      '  namespace JSX {\n    interface IntrinsicElements {\n',
      ({ tagName }) => `Props<'${tagName}'>`,
      '    }\n  }\n',
    ),
    'vue.d.ts': frameworkDeclarations(
      elements,
      "import type { DefineComponent } from 'vue';\n",
      'vue',
      '  interface GlobalComponents {\n',
      vueProps,
      '  }\n',
      'PortalElementAttributes, PortalElementEvents',
    ),
  };
}
