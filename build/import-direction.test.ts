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
  backend: { may: ['backend', 'contract', 'widgets-views'] },
  demo: { may: ['demo', 'contract', 'host', 'widgets'] },
};

/**
 * What each server room may render of the widgets, named one by one: the pure
 * views, their markup and what those import, and the element registry. A new
 * module joins only by being named here, where a reviewer sees it.
 */
export const WIDGET_VIEWS: Readonly<Record<string, readonly string[]>> = {
  host: [
    'widgets/chat-launcher/markup.ts',
    'widgets/elements.ts',
    'widgets/float-buttons/FloatButtonsView.tsx',
    'widgets/footer/FooterView.tsx',
    'widgets/header/HeaderView.tsx',
    'widgets/header/menu-icon.tsx',
    'widgets/header/menu.ts',
    'widgets/login/LoginView.tsx',
    'widgets/topic-header/TopicHeaderView.tsx',
    'widgets/topic-header/anchors.ts',
  ],
  // The agents' inbox: the list's head and entries, drawn by the server and by the inbox script (docs/architecture.md).
  backend: ['widgets/chat-agent/InboxEntryView.tsx', 'widgets/chat-agent/InboxListHeadView.tsx'],
};

/** Rooms of tooling (build, tests, benchmarks, scripts) and test support cross freely. */
const EXEMPT = [/\.test\.tsx?$/, /(^|\/)test-support\//, /^(e2e|bench|build|scripts|types)\//, /\.d\.ts$/];

const IMPORT =
  /(?:^|[\s;}])((?:import|export)\s[^;'"]*?from\s*['"]([^'"]+)['"])|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

export interface ImportEdge {
  specifier: string;
  /** `import type` / `export type`: erased by the compiler, it brings no code along. */
  typeOnly: boolean;
}

/** Every import a source file makes, comments left out. */
export function importEdgesOf(source: string): ImportEdge[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"\w])\/\/.*$/gm, '$1');
  return [...code.matchAll(IMPORT)].map((match) => ({
    specifier: (match[2] ?? match[3] ?? match[4]) as string,
    typeOnly: /^(?:import|export)\s+type\s/.test(match[1] ?? ''),
  }));
}

/** Every module specifier a source file names, comments left out. */
export function importsOf(source: string): string[] {
  return importEdgesOf(source).map((edge) => edge.specifier);
}

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

const resolve = (path: string, files: Set<string>) =>
  EXTENSIONS.map((extension) => path + extension).find((candidate) => files.has(candidate)) ?? path;

/** The room of a repository path (resolved), `widgets-views` for the modules the server may render. */
function roomOf(resolved: string, views: ReadonlySet<string>): string {
  if (views.has(resolved)) return 'widgets-views';
  return resolved.includes('/') ? (resolved.split('/')[0] as string) : resolved;
}

/** Whether room `to` is open to room `from` (the views are part of widgets). */
const allowed = (from: string, to: string) =>
  from === to || ROOMS[from]?.may.includes(to) || (to === 'widgets-views' && ROOMS[from]?.may.includes('widgets'));

const isProduct = (file: string) =>
  Boolean(ROOMS[file.split('/')[0] as string]) && file.includes('/') && !EXEMPT.some((pattern) => pattern.test(file));

/**
 * The forbidden imports among these files, direct (`file -> import (room)`) and
 * through other modules (`file -> import -> ... -> import (room)`): a room reaches
 * whatever the modules it imports bring along, so an allowed door (a view, say)
 * cannot carry in what the room itself may not import. Only code is followed:
 * a type-only import is checked where it is written, and brings nothing further.
 */
export function forbiddenImports(
  files: string[],
  read: (file: string) => string,
  views: Readonly<Record<string, readonly string[]>> = WIDGET_VIEWS,
): string[] {
  const known = new Set(files);
  const edgesOf = new Map(files.filter(isProduct).map((file) => [file, importEdgesOf(read(file))]));
  const problems: string[] = [];
  // A forbidden import reached from many files is told once, by the first file's chain.
  const told = new Set<string>();
  for (const [file, edges] of edgesOf) {
    const from = file.split('/')[0] as string;
    const rules = ROOMS[from] as (typeof ROOMS)[string];
    const viewSet = new Set(views[from] ?? []);
    for (const { specifier } of edges) {
      if (!specifier.startsWith('.') && rules.packages && !rules.packages.test(specifier))
        problems.push(`${file} -> ${specifier} (a package ${from}/ may not use)`);
    }
    // Breadth first from the file: each module reached by its shortest chain of imports.
    const seen = new Set([file]);
    const queue: Array<{ at: string; chain: string[]; edges: ImportEdge[] }> = [{ at: file, chain: [], edges }];
    while (queue.length > 0) {
      const { at, chain, edges: next } = queue.shift() as (typeof queue)[number];
      for (const { specifier, typeOnly } of next) {
        if (!specifier.startsWith('.') || (chain.length > 0 && typeOnly)) continue;
        const target = resolve(normalize(join(dirname(at), specifier)), known);
        if (seen.has(target)) continue;
        if (!typeOnly) seen.add(target);
        const to = roomOf(target, viewSet);
        const path = [...chain, specifier];
        if (!allowed(from, to)) {
          if (!told.has(`${from} ${at} ${target}`)) problems.push(`${file} -> ${path.join(' -> ')} (${to})`);
          told.add(`${from} ${at} ${target}`);
          continue;
        }
        const onward = edgesOf.get(target);
        if (onward && !typeOnly) queue.push({ at: target, chain: path, edges: onward });
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
      forbiddenImports(files, (file) => source[file] ?? '', { host: ['widgets/a/AView.tsx'] }),
      [
        'host/pages/home.tsx -> ../../backend/portal/content-store (backend)',
        'backend/portal/content-store.ts -> ../../host/pages/home (host)',
        'contract/content.ts -> node:fs (a package contract/ may not use)',
      ],
    );
  });

  it('follows imports through other modules: a view cannot carry in what the host may not import', () => {
    const source: Record<string, string> = {
      'host/pages/home.tsx': "import { HeaderView } from '../../widgets/header/HeaderView';",
      'widgets/header/HeaderView.tsx': "import { menu } from './menu';\nimport type { Lang } from '../core/i18n';",
      'widgets/header/menu.ts': "import { session } from '../core/session';",
      'widgets/core/session.ts': "import ky from 'ky';",
      'widgets/core/i18n.ts': "import { atom } from 'nanostores';",
      'widgets/elements-extra.ts': 'export const extra = 1;',
      'host/pages/docs.tsx': "import { extra } from '../../widgets/elements-extra';",
    };
    assert.deepEqual(
      forbiddenImports(Object.keys(source), (file) => source[file] ?? '', {
        host: ['widgets/header/HeaderView.tsx', 'widgets/header/menu.ts'],
      }),
      [
        'host/pages/home.tsx -> ../../widgets/header/HeaderView -> ./menu -> ../core/session (widgets)',
        'host/pages/docs.tsx -> ../../widgets/elements-extra (widgets)',
      ],
    );
  });

  it('lets each room render only the views named for it', () => {
    const source: Record<string, string> = {
      'backend/chat/pages.tsx': "import { EntryView } from '../../widgets/chat-agent/EntryView';",
      'backend/chat/other.tsx': "import { HeaderView } from '../../widgets/header/HeaderView';",
      'widgets/chat-agent/EntryView.tsx': 'export const EntryView = () => null;',
      'widgets/header/HeaderView.tsx': 'export const HeaderView = () => null;',
    };
    const views = { host: ['widgets/header/HeaderView.tsx'], backend: ['widgets/chat-agent/EntryView.tsx'] };
    assert.deepEqual(
      forbiddenImports(Object.keys(source), (file) => source[file] ?? '', views),
      ['backend/chat/other.tsx -> ../../widgets/header/HeaderView (widgets)'],
    );
  });

  it('checks a type-only import where it is written, and follows no further', () => {
    const source: Record<string, string> = {
      'host/a.ts': "import type { View } from '../widgets/x/View';",
      'widgets/x/View.tsx': "import { store } from '../core/store';",
      'host/b.ts': "import { C } from './c';",
      'host/c.ts': "import type { Store } from '../widgets/core/store';",
    };
    assert.deepEqual(
      forbiddenImports(Object.keys(source), (file) => source[file] ?? '', { host: ['widgets/x/View.tsx'] }),
      ['host/c.ts -> ../widgets/core/store (widgets)'],
    );
  });

  it('type-checks every room: tsconfig.json includes each', () => {
    const { include } = JSON.parse(readFileSync('tsconfig.json', 'utf8')) as { include: string[] };
    for (const room of Object.keys(ROOMS)) assert.ok(include.includes(room), `tsconfig.json does not include ${room}/`);
  });

  it('names the views the server renders one by one, each an existing file', () => {
    for (const view of Object.values(WIDGET_VIEWS).flat())
      assert.ok(existsSync(view), `${view} is named as a view but does not exist`);
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
