import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { openApiDocument } from '../contract/openapi';
import { portalMetrics } from '../host/metrics';
import type { PageDeps } from '../host/routes/page-context';
import { pageRoutes } from '../host/routes/pages';
import { ELEMENTS, type ElementEntry } from '../widgets/elements';
import { code, documentOrder, handWritten, type Row, type TableSource, tableOf } from './docs-markdown';
import { settings } from './docs-settings';

/**
 * Where each generated table's facts come from: the settings the configuration
 * module reads (docs-settings.ts), the element registry (widgets/elements.ts),
 * the metrics prom-client registers (host/metrics.ts), the API paths of the
 * OpenAPI document (contract/openapi.ts) and the page paths the host's page
 * router mounts (host/routes/pages.ts). Columns the code cannot say (what a
 * setting means, what an element or a page is) are kept as the document
 * writes them, by the row's first cell.
 */

const SCRIPT_NAMES: Record<ElementEntry['script'], string> = {
  portal: '`portal.js`',
  chat: '`chat.js`',
  page: "its page's module",
};

/** The element's own `@summary`, for an element the document does not describe yet. */
function summaryOf(entry: ElementEntry): string {
  const file = join('widgets', `${entry.module}.ts`);
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  return /@summary\s+(.+)/.exec(text)?.[1]?.trim() ?? '';
}

/** Its folder's README when it has one, else the file whose JSDoc block is its reference (linked from docs/). */
function referenceOf(entry: ElementEntry): string {
  const readme = join('widgets', entry.module.split('/')[0] ?? '', 'README.md');
  const path = existsSync(readme) ? readme : join('widgets', `${entry.module}.ts`);
  return `[${path.split('/').pop()}](${join('..', path)})`;
}

const elements: TableSource = {
  render(current) {
    const entries = new Map(Object.entries(ELEMENTS).map(([tag, entry]) => [code(`<${tag}>`), entry as ElementEntry]));
    const what = handWritten(current, 1);
    const rows = documentOrder(current, [...entries.keys()]).map((tag) => {
      const entry = entries.get(tag) as ElementEntry;
      return [
        tag,
        what.get(tag) || summaryOf(entry),
        SCRIPT_NAMES[entry.script],
        entry.loadOn ? code(entry.loadOn) : 'at once',
        entry.layouts?.map(code).join(', ') ?? '',
        referenceOf(entry),
      ];
    });
    return tableOf(['tag', 'what it is', 'defined by', '`load-on` on portal pages', 'layouts', 'reference'], rows);
  },
};

interface MetricShape {
  name: string;
  help: string;
  type: unknown;
  labelNames?: readonly string[];
  upperBounds?: readonly number[];
}

const metrics: TableSource = {
  render() {
    const defaults = new Registry();
    collectDefaultMetrics({ register: defaults, prefix: 'portal_' });
    const nodeOwn = new Set(defaults.getMetricsAsArray().map((metric) => metric.name));
    const own = (portalMetrics().registry.getMetricsAsArray() as MetricShape[]).filter((m) => !nodeOwn.has(m.name));
    const rows = own.map((metric) => [
      code(metric.name),
      String(metric.type),
      (metric.labelNames ?? []).map(code).join(', '),
      metric.upperBounds
        ? `${metric.help} (buckets ${metric.upperBounds[0]} s to ${metric.upperBounds.at(-1)} s)`
        : metric.help,
    ]);
    return tableOf(['metric', 'type', 'labels', 'what'], rows);
  },
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const api: TableSource = {
  render() {
    const paths = openApiDocument.paths as Record<string, Record<string, { summary?: string; security?: unknown }>>;
    const rows: Row[] = [];
    for (const [path, operations] of Object.entries(paths))
      for (const method of METHODS) {
        const operation = operations[method];
        if (!operation) continue;
        rows.push([
          `${method.toUpperCase()} ${code(path)}`,
          (operation.summary ?? '').replaceAll('|', '\\|'),
          operation.security ? 'bearer token' : '',
        ]);
      }
    return tableOf(['call', 'what (its OpenAPI summary)', 'needs'], rows);
  },
};

interface RouterShape {
  stack: Array<{ route?: { path: string | string[] }; handle?: Partial<RouterShape> }>;
}

/** The paths a router and the routers mounted in it answer, in mounting order. */
const pathsOf = (router: Partial<RouterShape>): string[] =>
  (router.stack ?? []).flatMap((layer) => (layer.route ? [layer.route.path].flat() : pathsOf(layer.handle ?? {})));

/**
 * Every page path, from the page router itself: built with every source
 * present (none is asked for anything until a request comes), so no page is
 * left out for want of one.
 */
export function pagePaths(): string[] {
  const present = {} as never;
  const deps: PageDeps = { assets: present, siteData: present, content: present, feedback: present };
  return [...new Set(pathsOf(pageRoutes(deps) as unknown as RouterShape))];
}

const pages: TableSource = {
  render(current) {
    const what = handWritten(current, 1);
    const rows = documentOrder(current, pagePaths().map(code)).map((path) => [
      path,
      what.get(path) || 'TODO: what it shows (written by hand)',
    ]);
    return tableOf(['path', 'page'], rows);
  },
};

/** Every generated table, by the name its markers carry. */
export const TABLES: Readonly<Record<string, TableSource>> = { settings, elements, metrics, api, pages };
