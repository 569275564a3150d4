import { type CustomElementsManifest, declaredElements, type ElementDeclaration } from './custom-elements';

/** File name (under `types/`) -> declarations, generated from the elements' references. */
export type DeclarationFiles = Record<string, string>;

const HEADER = '// Generated from the portal-* elements at build time: do not edit.\n';
const pascal = (tag: string) => tag.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());
const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const quote = (name: string) => (/^[a-z]\w*$/i.test(name) ? name : `'${name}'`);

function comment(text: string, indent: string): string {
  return `${indent}/** ${text.replace(/\*\//g, '*\\/').replace(/\n/g, `\n${indent} * `)} */\n`;
}

/** The element's own properties and methods, as the manifest lists them (`lang` is HTMLElement's already). */
function elementType(element: ElementDeclaration): string {
  const members = element.members
    .filter((member) => member.name !== 'lang')
    .map((member) => {
      const doc = member.description ? `/** ${member.description.replace(/\*\//g, '*\\/')} */ ` : '';
      const type = member.type?.text ?? 'unknown';
      if (member.kind === 'method') {
        const parameters = (member.parameters ?? []).map(
          (p) => `${p.name}${p.optional ? '?' : ''}: ${p.type?.text ?? 'unknown'}`,
        );
        return `${doc}${member.name}(${parameters.join(', ')}): ${member.return?.type?.text ?? 'void'}`;
      }
      if (member.attribute) return `${doc}${member.name}?: ${type}`;
      return `${doc}${member.readonly ? 'readonly ' : ''}${member.name}: ${type}`;
    });
  return members.length ? `HTMLElement & { ${members.join('; ')} }` : 'HTMLElement';
}

/** `index.d.ts`: element types, events and attributes; the DOM's tag and event maps. */
function domDeclarations(elements: ElementDeclaration[]): string {
  const lines = [HEADER];
  lines.push("/** Every widget's language; the default is the nearest `lang` on the page. */\n");
  lines.push("export type PortalLang = 'zh-CN' | 'en';\n\n");
  for (const element of elements) {
    lines.push(comment(`\`<${element.tagName}>\`: ${element.summary}`, ''));
    lines.push(`export type ${pascal(element.tagName)}Element = ${elementType(element)};\n\n`);
  }
  lines.push('/** The attributes each element takes in markup. */\nexport interface PortalElementAttributes {\n');
  for (const element of elements) {
    lines.push(`  '${element.tagName}': {\n`);
    for (const attribute of element.attributes) {
      lines.push(comment(attribute.description, '    '));
      lines.push(`    ${quote(attribute.name)}?: ${attribute.type?.text ?? 'string'};\n`);
    }
    lines.push('  };\n');
  }
  lines.push(
    '}\n\n/** Every `portal-*` event: bubbling, composed, cancelable. */\nexport interface PortalElementEvents {\n',
  );
  for (const event of elements.flatMap((element) => element.events)) {
    lines.push(comment(event.description, '  '));
    lines.push(`  '${event.name}': ${event.type?.text ?? 'CustomEvent<unknown>'};\n`);
  }
  lines.push('}\n\nexport interface PortalElements {\n');
  for (const element of elements) lines.push(`  '${element.tagName}': ${pascal(element.tagName)}Element;\n`);
  lines.push('}\n\ndeclare global {\n');
  lines.push('  interface HTMLElementTagNameMap extends PortalElements {}\n');
  lines.push('  interface GlobalEventHandlersEventMap extends PortalElementEvents {}\n}\n');
  return lines.join('');
}

function frameworkDeclarations(
  elements: ElementDeclaration[],
  imports: string,
  module: string,
  open: string,
  props: (element: ElementDeclaration) => string,
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
function vueProps(element: ElementDeclaration): string {
  const events = element.events.map(
    ({ name }) => `${camel(`on-${name}`)}?: (event: PortalElementEvents['${name}']) => void`,
  );
  const attributes = `PortalElementAttributes['${element.tagName}']`;
  return `DefineComponent<${events.length ? `${attributes} & { ${events.join('; ')} }` : attributes}>`;
}

/** Declarations for plain DOM code and for React, Preact and Vue templates, from the manifest. */
export function elementDeclarations(manifest: CustomElementsManifest): DeclarationFiles {
  const elements = declaredElements(manifest);
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
      // `HTMLAttributes` from 'preact' itself (10.x and 11): Preact 11 has no `JSX.HTMLAttributes`,
      // and under `skipLibCheck` a missing type is `any`, which let every attribute through.
      "import type { HTMLAttributes } from 'preact';\n\ntype Props<T extends keyof PortalElementAttributes> = HTMLAttributes<HTMLElementTagNameMap[T]> &\n  PortalElementAttributes[T];\n",
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
