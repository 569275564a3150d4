/**
 * A plugin for @custom-elements-manifest/analyzer that reads this repository's
 * elements the way they are written: `export const PortalX = defineElement<XProps>(X_TAG,
 * X, { props: { … } })` under the element's JSDoc block (the analyzer alone sees a
 * variable there, not an element), the props interface the attributes are typed by,
 * and the `declare global` entries that state each element's public face
 * (`HTMLElementTagNameMap`) and its events' types (`GlobalEventHandlersEventMap`).
 * The JSDoc block itself is read by the analyzer's own class-JSDoc reader.
 */
import { classJsDocPlugin } from '@custom-elements-manifest/analyzer/src/features/analyse-phase/class-jsdoc.js';
import {
  type AstNode,
  type ClassDoc,
  jsDocText,
  kebab,
  LANG_TYPE,
  nameOf,
  type Registration,
  type Ts,
  typeText,
} from './element-ast';
import { splitTagParagraphs } from './element-jsdoc-paragraphs';

type ModuleDoc = { declarations: { name: string }[] };

/** `'left' | 'right'`: a union of string literals, the values an enumerated attribute takes. */
const ENUMERATED = /^'[^']*'(\s*\|\s*'[^']*')*$/;

/**
 * A prop's type: what the component is given (its declared type), but an
 * enumerated attribute's values where the component declares a bare `string`
 * (`theme`), so `element.theme = 'blue'` is refused like `theme="blue"`.
 */
const propertyType = (declared: string | undefined, attribute: string | undefined) =>
  (declared === undefined || declared === 'string') && attribute && ENUMERATED.test(attribute)
    ? attribute
    : (declared ?? attribute ?? 'string');

/** The plugin; `registrations` holds what each `defineElement(...)` call said, once the analyzer has run. */
export function defineElementPlugin() {
  let ts: Ts;
  const kind = (node: AstNode | undefined, name: string) => node?.kind === ts.SyntaxKind[name];
  /** `const X_TAG = 'portal-x'` in each file. */
  const constants = new Map<string, string>();
  /** Interfaces and object type aliases by folder and name (`widgets/header#HeaderProps`): member -> type. */
  const interfaces = new Map<string, Map<string, string>>();
  /** Each file's `HTMLElementTagNameMap` entries (tag -> its members) and event types. */
  const tagMaps = new Map<string, Map<string, AstNode[]>>();
  const eventTypes = new Map<string, Map<string, string>>();
  /** Each file's `customElements.define(tag, Class)`: class -> tag. */
  const defined = new Map<string, Map<string, string>>();
  /** By element file and class name (`widgets/header/header.element.ts#PortalHeader`). */
  const registrations = new Map<string, Registration>();
  const classJsDoc = classJsDocPlugin();

  const fileOf = (node: AstNode) => node.getSourceFile().fileName;
  /** Where the element's component is: its props interface is looked up in the same folder. */
  const folderOf = (node: AstNode) => fileOf(node).replace(/\/[^/]*$/, '');
  const inFile = <V>(maps: Map<string, Map<string, V>>, file: string) => {
    if (!maps.has(file)) maps.set(file, new Map());
    return maps.get(file) as Map<string, V>;
  };
  const stringValue = (node: AstNode | undefined): string | undefined => {
    if (kind(node, 'StringLiteral')) return node?.text;
    if (kind(node, 'Identifier')) return constants.get(`${fileOf(node as AstNode)}#${node?.text}`);
    return undefined;
  };

  /** Reads `interface Name { 'key': Type }` inside `declare global`. */
  function globalInterface(node: AstNode) {
    const file = fileOf(node);
    const name = nameOf(node);
    for (const member of node.members ?? []) {
      const key = member.name?.text ?? '';
      if (name === 'HTMLElementTagNameMap') {
        // `HTMLElement & { … }`: the members of its type literal.
        const parts = kind(member.type, 'IntersectionType') ? (member.type?.types ?? []) : [member.type];
        const literal = parts.find((part) => kind(part, 'TypeLiteral'));
        inFile(tagMaps, file).set(key, literal?.members ?? []);
      } else if (name === 'GlobalEventHandlersEventMap') {
        inFile(eventTypes, file).set(key, typeText(member.type));
      }
    }
  }

  /**
   * The element's class doc, from its JSDoc block alone (read by the analyzer's own
   * reader): what the analyzer infers from a class's code (its private fields, an
   * event dispatched under a variable name) is not the element's reference.
   */
  function elementClass(moduleDoc: ModuleDoc, name: string, tagName: string, jsDoc: AstNode['jsDoc']) {
    const classDoc: ClassDoc = {
      kind: 'class',
      name,
      customElement: true,
      tagName,
      attributes: [],
      members: [],
      events: [],
      slots: [],
      cssParts: [],
      cssProperties: [],
    };
    moduleDoc.declarations = [...moduleDoc.declarations.filter((d) => d.name !== name), classDoc];
    const strays: NonNullable<ClassDoc['strayParagraphs']> = [];
    // The reader sees each tag's own paragraph only; the rest is kept to be refused.
    const tagsAlone = jsDoc?.map((doc) => {
      const split = splitTagParagraphs(doc.getFullText());
      strays.push(...split.strays);
      return Object.create(doc, { getFullText: { value: () => split.text } });
    });
    classJsDoc.analyzePhase({
      ts,
      node: { kind: ts.SyntaxKind.ClassDeclaration, name: { getText: () => name }, jsDoc: tagsAlone },
      moduleDoc,
    });
    if (strays.length) classDoc.strayParagraphs = strays;
  }

  /** `export const PortalX = defineElement<XProps>(X_TAG, X, { props: { … } })`. */
  function registration(statement: AstNode, moduleDoc: ModuleDoc) {
    for (const declaration of statement.declarationList?.declarations ?? []) {
      const call = declaration.initializer;
      if (!kind(call, 'CallExpression') || call?.expression?.getText() !== 'defineElement') continue;
      const [tagArgument, , options] = call.arguments ?? [];
      const tagName = stringValue(tagArgument);
      if (!tagName) continue;
      const propsOption = options?.properties?.find((p) => nameOf(p) === 'props')?.initializer;
      const props = (propsOption?.properties ?? []).map((p) => ({ name: nameOf(p), kind: p.initializer?.text ?? '' }));
      const propsInterface = call.typeArguments?.[0]?.getText() ?? '';
      const name = nameOf(declaration);
      const propTypes = interfaces.get(`${folderOf(statement)}#${propsInterface}`) ?? new Map<string, string>();
      registrations.set(`${fileOf(statement)}#${name}`, { tagName, props, propTypes });
      elementClass(moduleDoc, name, tagName, statement.jsDoc);
    }
  }

  /** The element's public face, from its `HTMLElementTagNameMap` entry, leaving out the props. */
  function statedMembers(members: AstNode[], props: string[]): NonNullable<ClassDoc['members']> {
    return members.flatMap((member): NonNullable<ClassDoc['members']> => {
      const name = nameOf(member);
      const description = jsDocText(member);
      if (kind(member, 'MethodSignature')) {
        const parameters = (member.parameters ?? []).map((p) => ({
          name: nameOf(p),
          type: { text: typeText(p.type) || 'unknown' },
          ...(p.questionToken ? { optional: true } : {}),
        }));
        return [
          {
            kind: 'method' as const,
            name,
            description,
            ...(parameters.length ? { parameters } : {}),
            return: { type: { text: typeText(member.type) || 'void' } },
          },
        ];
      }
      if (!kind(member, 'PropertySignature') || props.includes(name)) return [];
      const readonly = member.modifiers?.some((m) => kind(m, 'ReadonlyKeyword'));
      return [
        {
          kind: 'field' as const,
          name,
          description,
          type: { text: typeText(member.type) },
          ...(readonly ? { readonly } : {}),
        },
      ];
    });
  }

  /** Types the attributes: the JSDoc's `{type}`, else `lang`'s languages, else the prop's declared type. */
  function typedAttributes(classDoc: ClassDoc, found?: Registration) {
    for (const attribute of classDoc.attributes ?? []) {
      const prop = found?.props.find((p) => kebab(p.name) === attribute.name);
      const declared = prop && found?.propTypes.get(prop.name);
      const type =
        attribute.type?.text ??
        (attribute.name === 'lang'
          ? LANG_TYPE
          : declared && declared !== 'string'
            ? declared
            : prop?.kind === 'number'
              ? 'number'
              : 'string');
      attribute.type = { text: type };
      attribute.description ??= '';
      if (prop) attribute.fieldName = prop.name;
    }
  }

  return {
    name: 'portal-define-element',
    registrations,
    collectPhase({ ts: api, node }: { ts: Ts; node: AstNode }) {
      ts = api;
      if (kind(node, 'VariableDeclaration') && kind(node.initializer, 'StringLiteral'))
        constants.set(`${fileOf(node)}#${nameOf(node)}`, node.initializer?.text ?? '');
      const literal = kind(node, 'InterfaceDeclaration')
        ? node
        : kind(node, 'TypeAliasDeclaration') && kind(node.type, 'TypeLiteral')
          ? node.type
          : undefined;
      if (literal && !kind(node.parent, 'ModuleBlock')) {
        const members = new Map<string, string>();
        for (const member of literal.members ?? [])
          if (kind(member, 'PropertySignature'))
            members.set(nameOf(member), typeText(member.type).replace(/\s*\|\s*undefined$/, ''));
        interfaces.set(`${folderOf(node)}#${nameOf(node)}`, members);
      }
      if (kind(node, 'InterfaceDeclaration') && kind(node.parent, 'ModuleBlock')) globalInterface(node);
      if (kind(node, 'CallExpression') && node.expression?.getText() === 'customElements.define') {
        const [tag, element] = node.arguments ?? [];
        const tagName = stringValue(tag);
        if (tagName && element) inFile(defined, fileOf(node)).set(element.getText(), tagName);
      }
    },
    analyzePhase({ node, moduleDoc }: { node: AstNode; moduleDoc: ModuleDoc }) {
      if (kind(node, 'VariableStatement')) registration(node, moduleDoc);
      // A plain `class PortalX extends HTMLElement`, defined with `customElements.define(X_TAG, PortalX)`.
      const tagName = kind(node, 'ClassDeclaration') && defined.get(fileOf(node))?.get(nameOf(node));
      if (tagName) elementClass(moduleDoc, nameOf(node), tagName, node.jsDoc);
    },
    moduleLinkPhase({ moduleDoc }: { moduleDoc: { path: string; declarations: { kind: string; name: string }[] } }) {
      const classes = moduleDoc.declarations.filter((d): d is ClassDoc => d.kind === 'class');
      for (const classDoc of classes) {
        const found = registrations.get(`${moduleDoc.path}#${classDoc.name}`);
        const tagName = found?.tagName ?? defined.get(moduleDoc.path)?.get(classDoc.name);
        if (!tagName) continue;
        Object.assign(classDoc, { customElement: true, tagName });
        typedAttributes(classDoc, found);
        const props = (found?.props ?? []).map(({ name }) => {
          const attribute = kebab(name);
          const documented = classDoc.attributes?.find((a) => a.name === attribute);
          return {
            kind: 'field' as const,
            name,
            description: documented?.description ?? '',
            type: {
              text: name === 'lang' ? LANG_TYPE : propertyType(found?.propTypes.get(name), documented?.type?.text),
            },
            attribute,
          };
        });
        const stated = tagMaps.get(moduleDoc.path)?.get(tagName) ?? [];
        classDoc.members = [
          ...props,
          ...statedMembers(
            stated,
            props.map((p) => p.name),
          ),
        ];
        const types = eventTypes.get(moduleDoc.path);
        for (const event of classDoc.events ?? []) {
          const type = event.type?.text ?? types?.get(event.name);
          if (type) event.type = { text: type };
        }
      }
    },
  };
}
