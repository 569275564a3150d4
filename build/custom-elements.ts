import type { ElementDocs } from './element-docs';

export const CUSTOM_ELEMENTS_FILE = 'custom-elements.json';

type Typed = { type?: { text: string } };
type Named = { name: string; description: string };

/** One element's class declaration in the manifest. */
export interface ElementDeclaration {
  kind: 'class';
  name: string;
  customElement: true;
  tagName: string;
  summary: string;
  description: string;
  superclass: { name: string };
  attributes: (Named & Typed & { fieldName?: string })[];
  members: (Named &
    Typed & {
      kind: 'field' | 'method';
      attribute?: string;
      readonly?: boolean;
      parameters?: ({ name: string; optional?: boolean } & Typed)[];
      return?: Typed;
    })[];
  events: (Named & Typed)[];
  slots: Named[];
  cssParts: Named[];
  cssProperties: (Named & { default?: string })[];
}

/** The custom elements manifest (schema 2.1.0), as editors, linters and docs tools read it. */
export interface CustomElementsManifest {
  schemaVersion: string;
  readme: string;
  modules: {
    kind: 'javascript-module';
    path: string;
    declarations: ElementDeclaration[];
    exports: Record<string, unknown>[];
  }[];
}

/** The elements a manifest declares, in its order. */
export const declaredElements = (manifest: CustomElementsManifest): ElementDeclaration[] =>
  manifest.modules.flatMap((module) => module.declarations);

/**
 * The module an app imports for a tag, from the portal's package root (`./elements/*`
 * in its exports); the element package names its own copy (`dist/esm/`).
 */
export const elementModulePath = (tag: string) => `dist/widgets/esm/${tag}.js`;

const typed = (type?: string) => (type ? { type: { text: type } } : {});

/** Builds `custom-elements.json` from the elements' references (as the analyzer read them: element-docs.ts). */
export function customElementsManifest(elements: ElementDocs[]): CustomElementsManifest {
  return {
    schemaVersion: '2.1.0',
    readme: 'README.md',
    modules: elements.map((docs) => ({
      kind: 'javascript-module',
      path: elementModulePath(docs.tagName),
      declarations: [
        {
          kind: 'class',
          name: docs.className,
          customElement: true,
          tagName: docs.tagName,
          summary: docs.summary,
          description: docs.description,
          superclass: { name: 'HTMLElement' },
          attributes: docs.attributes.map((a) => {
            const property = docs.properties.find((p) => p.attribute === a.name);
            return {
              name: a.name,
              description: a.description,
              ...typed(a.type),
              ...(property ? { fieldName: property.name } : {}),
            };
          }),
          members: [
            ...docs.properties.map((p) => ({
              kind: 'field' as const,
              name: p.name,
              description: p.description,
              ...typed(p.type),
              attribute: p.attribute,
            })),
            ...docs.members.map((m) =>
              m.kind === 'field'
                ? {
                    kind: 'field' as const,
                    name: m.name,
                    description: m.description,
                    ...typed(m.type),
                    ...(m.readonly ? { readonly: true } : {}),
                  }
                : {
                    kind: 'method' as const,
                    name: m.name,
                    description: m.description,
                    ...(m.parameters
                      ? {
                          parameters: m.parameters.map(({ name, type, optional }) => ({
                            name,
                            ...typed(type),
                            ...(optional ? { optional } : {}),
                          })),
                        }
                      : {}),
                    return: typed(m.returns),
                  },
            ),
          ],
          events: docs.events.map((e) => ({ name: e.name, description: e.description, ...typed(e.type) })),
          slots: docs.slots.map(({ name, description }) => ({ name, description })),
          cssParts: docs.cssParts.map(({ name, description }) => ({ name, description })),
          cssProperties: docs.cssProperties.map(({ name, description }) => {
            const initial = /\(([^()]+)\)\.?$/.exec(description)?.[1];
            return {
              name,
              description,
              ...(initial && /^[\d.]+(px|rem|em|ms|s)?$/.test(initial) ? { default: initial } : {}),
            };
          }),
        },
      ],
      // The module defines the tag and exports nothing: the element is used by its tag.
      exports: [
        {
          kind: 'custom-element-definition',
          name: docs.tagName,
          declaration: { name: docs.className, module: elementModulePath(docs.tagName) },
        },
      ],
    })),
  };
}
