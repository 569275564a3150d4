/**
 * The shapes the element analyzer works with: the few parts of the analyzer's
 * TypeScript syntax tree it reads (the analyzer brings TypeScript 5 with its
 * compiler API; the project's TypeScript 7 has none), and the manifest's class
 * declaration as far as it is used.
 */

/** The parts of a TypeScript syntax node read here (the analyzer's own TypeScript 5). */
export interface AstNode {
  kind: number;
  parent: AstNode;
  getText(): string;
  getSourceFile(): { fileName: string };
  text?: string;
  name?: AstNode;
  initializer?: AstNode;
  expression?: AstNode;
  arguments?: AstNode[];
  typeArguments?: AstNode[];
  properties?: AstNode[];
  members?: AstNode[];
  type?: AstNode;
  types?: AstNode[];
  parameters?: AstNode[];
  questionToken?: AstNode;
  modifiers?: AstNode[];
  body?: AstNode;
  statements?: AstNode[];
  declarationList?: { declarations: AstNode[] };
  jsDoc?: { comment?: unknown; getFullText(): string }[];
}

/** The TypeScript API as the analyzer hands it to plugins. */
export interface Ts {
  SyntaxKind: Record<string, number>;
  ScriptTarget: Record<string, number>;
  createSourceFile(fileName: string, text: string, target: number, setParentNodes: boolean): AstNode;
}

interface TypeText {
  text: string;
}

/** A class declaration of the manifest (schema 2.x), as far as it is used here. */
export interface ClassDoc {
  kind: 'class';
  name: string;
  description?: string;
  summary?: string;
  customElement?: boolean;
  tagName?: string;
  attributes?: { name: string; description?: string; type?: TypeText; fieldName?: string }[];
  members?: {
    kind: 'field' | 'method';
    name: string;
    description?: string;
    type?: TypeText;
    readonly?: boolean;
    attribute?: string;
    parameters?: { name: string; type?: TypeText; optional?: boolean }[];
    return?: { type: TypeText };
  }[];
  events?: { name: string; description?: string; type?: TypeText }[];
  slots?: { name: string; description?: string }[];
  cssParts?: { name: string; description?: string }[];
  cssProperties?: { name: string; description?: string }[];
  /** Paragraphs written after a tag, past a blank line (element-jsdoc-paragraphs.ts): not the tag's. */
  strayParagraphs?: { after: string; text: string }[];
}

/** What a `defineElement(...)` call says: the props mirrored from attributes, and how each is parsed. */
export interface Registration {
  tagName: string;
  props: { name: string; kind: string }[];
  /** The props interface named by the call's type argument, when the analyzed files declare it. */
  propTypes: Map<string, string>;
}

/** Every widget takes the same two languages (a public contract). */
export const LANG_TYPE = "'zh-CN' | 'en'";

export const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
/** A type as written, on one line, without a leading `|`. */
export const typeText = (node?: AstNode) =>
  (node?.getText() ?? '')
    .replace(/\s+/g, ' ')
    .replace(/^\|\s*/, '')
    .trim();
/** A member's JSDoc text on one line. */
export const jsDocText = (node: AstNode) => {
  const comment = node.jsDoc?.at(-1)?.comment;
  return typeof comment === 'string' ? comment.replace(/\s+/g, ' ').trim() : '';
};
export const nameOf = (node: AstNode) => node.name?.text ?? node.name?.getText() ?? '';
