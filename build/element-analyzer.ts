import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as analyzer from '@custom-elements-manifest/analyzer';
import type { AstNode, ClassDoc, Registration, Ts } from './element-ast';
import { defineElementPlugin } from './element-define-plugin';

/**
 * What the package exports at run time: its `index.d.ts` declares the plugin types only,
 * and `ts` is its own TypeScript (5.x, with the compiler API the project's TypeScript 7 lacks).
 */
interface Analyzer {
  create(options: { modules: AstNode[]; plugins: object[] }): {
    modules: { path: string; declarations: (ClassDoc | { kind: string; name: string })[] }[];
  };
  ts: Ts;
}
const { create, ts } = analyzer as unknown as Analyzer;

/** One element as @custom-elements-manifest/analyzer reads it, with what `defineElement(...)` says of it. */
export interface AnalyzedElement {
  declaration: ClassDoc;
  /** Its `defineElement(...)` registration; none for an element written as a plain class. */
  registration?: Registration;
}

const SOURCE = /\.tsx?$/;
const TEST = /\.test\.tsx?$/;

const sourcesBeside = (root: string, path: string) =>
  readdirSync(dirname(join(root, path)))
    .filter((file) => SOURCE.test(file) && !TEST.test(file) && !file.endsWith('.d.ts'))
    .map((file) => `${dirname(path)}/${file}`);

/**
 * Runs the analyzer once on the element files and the other sources of their
 * folders (where each component's props interface is), and returns each file's
 * custom element class, in the order of `paths`.
 */
export function analyzeElements(root: string, paths: string[]): AnalyzedElement[] {
  const files = [...new Set(paths.flatMap((path) => [path, ...sourcesBeside(root, path)]))];
  const modules = files.map((file) =>
    ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.ES2022 as number, true),
  );
  const plugin = defineElementPlugin();
  const manifest = create({ modules, plugins: [plugin] });
  return paths.map((path) => {
    const declaration = manifest.modules
      .find((module) => module.path === path)
      ?.declarations.find((d): d is ClassDoc => d.kind === 'class' && (d as ClassDoc).customElement === true);
    if (!declaration) {
      throw new Error(`${path}: no JSDoc block on defineElement() or on an element class with its tag`);
    }
    return { declaration, registration: plugin.registrations.get(`${path}#${declaration.name}`) };
  });
}
