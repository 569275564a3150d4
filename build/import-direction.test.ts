import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, it } from 'node:test';

/**
 * The rooms of the tree and which way imports may run between them (README,
 * "How it is built"): each side leans on `contract/`, and only `server.ts`
 * sees every room. Tests, test support and the tooling rooms may cross.
 */
const ROOMS: Record<string, { may: readonly string[]; packages?: RegExp }> = {
  // What every side agrees on: plain data, schemas and pure functions, for the browser and the server alike.
  contract: { may: ['contract'], packages: /^(valibot|@valibot\/to-json-schema)$/ },
  widgets: { may: ['widgets', 'contract'] },
  host: { may: ['host', 'contract', 'widgets-views'] },
  backend: { may: ['backend', 'contract'] },
  demo: { may: ['demo', 'contract', 'host', 'widgets'] },
};

/** What the host may render of the widgets: the pure views, their markup, the element registry. */
const WIDGET_VIEWS = [
  /^widgets\/[\w-]+\/[A-Z]\w*View\.tsx$/,
  /^widgets\/[\w-]+\/markup\.ts$/,
  /^widgets\/elements?[\w-]*\.ts$/,
];

/** Rooms of tooling (build, tests, benchmarks, scripts) and test support cross freely. */
const EXEMPT = [/\.test\.tsx?$/, /(^|\/)test-support\//, /^(e2e|bench|build|scripts|types)\//, /\.d\.ts$/];

const IMPORT =
  /(?:^|[\s;}])(?:import|export)\s[^;'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

/** Every module specifier a source file names, comments left out. */
export function importsOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"\w])\/\/.*$/gm, '$1');
  return [...code.matchAll(IMPORT)].map((match) => (match[1] ?? match[2] ?? match[3]) as string);
}

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The room of a repository path, `widgets-views` for the modules the host may render. */
function roomOf(path: string, files: Set<string>): string {
  const resolved = EXTENSIONS.map((extension) => path + extension).find((candidate) => files.has(candidate)) ?? path;
  if (WIDGET_VIEWS.some((pattern) => pattern.test(resolved))) return 'widgets-views';
  return resolved.includes('/') ? (resolved.split('/')[0] as string) : resolved;
}

/** Whether room `to` is open to room `from` (the views are part of widgets). */
const allowed = (from: string, to: string) =>
  ROOMS[from]?.may.includes(to) || (to === 'widgets-views' && ROOMS[from]?.may.includes('widgets'));

/** The forbidden edges among these files: `file -> import (room)`. */
export function forbiddenImports(files: string[], read: (file: string) => string): string[] {
  const known = new Set(files);
  const problems: string[] = [];
  for (const file of files) {
    const from = file.split('/')[0] as string;
    const rules = ROOMS[from];
    if (!rules || !file.includes('/') || EXEMPT.some((pattern) => pattern.test(file))) continue;
    for (const specifier of importsOf(read(file))) {
      if (specifier.startsWith('.')) {
        const to = roomOf(normalize(join(dirname(file), specifier)), known);
        if (to !== from && !allowed(from, to)) problems.push(`${file} -> ${specifier} (${to})`);
      } else if (rules.packages && !rules.packages.test(specifier)) {
        problems.push(`${file} -> ${specifier} (a package ${from}/ may not use)`);
      }
    }
  }
  return problems;
}

const sources = () =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'], { encoding: 'utf8' })
    .split('\n')
    .filter((file) => file && !file.startsWith('demo/examples/') && existsSync(file));

describe('imports run one way between the rooms', () => {
  it('no source file imports a room its own may not', () => {
    const problems = forbiddenImports(sources(), (file) => readFileSync(file, 'utf8'));
    assert.deepEqual(problems, [], `forbidden imports:\n${problems.join('\n')}`);
  });

  it('names the file and the import of a forbidden edge', () => {
    const files = [
      'host/pages/home.tsx',
      'backend/portal/content-store.ts',
      'contract/content.ts',
      'widgets/a/AView.tsx',
    ];
    const source: Record<string, string> = {
      'host/pages/home.tsx': [
        "import type { Product } from '../../backend/portal/content-store';",
        "import { AView } from '../../widgets/a/AView';",
        "import type { Page } from '../../contract/content';",
      ].join('\n'),
      'backend/portal/content-store.ts': "import { x } from '../../host/pages/home';",
      'contract/content.ts': "import * as v from 'valibot';\nimport { existsSync, readFileSync } from 'node:fs';",
      'widgets/a/AView.tsx': "export const AView = () => null; // import { y } from '../../host/app'",
    };
    assert.deepEqual(
      forbiddenImports(files, (file) => source[file] ?? ''),
      [
        'host/pages/home.tsx -> ../../backend/portal/content-store (backend)',
        'backend/portal/content-store.ts -> ../../host/pages/home (host)',
        'contract/content.ts -> node:fs (a package contract/ may not use)',
      ],
    );
  });

  it('reads multi-line, type-only, re-exported and dynamic imports', () => {
    const source = [
      'import {',
      '  a,',
      '  type B,',
      "} from './one';",
      "import type { C } from './two';",
      "export { D } from './three';",
      "const e = () => import('./four');",
      "import './five.css';",
      "/* import { f } from './not-this'; */",
    ].join('\n');
    assert.deepEqual(importsOf(source), ['./one', './two', './three', './four', './five.css']);
  });
});
