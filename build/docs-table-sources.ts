import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { openApiDocument } from '../contract/openapi';
import { configFromEnv } from '../host/config';
import { portalMetrics } from '../host/metrics';
import { ELEMENTS, type ElementEntry } from '../widgets/elements';
import { code, documentOrder, handWritten, type Row, type TableSource, tableOf } from './docs-markdown';

/**
 * Where each generated table's facts come from: the settings the configuration
 * module reads (host/config.ts) and the defaults it gives, the element registry
 * (widgets/elements.ts), the metrics prom-client registers (host/metrics.ts) and
 * the API paths of the OpenAPI document (contract/openapi.ts). Columns the code
 * cannot say (what a setting means, what an element is) are kept as the
 * document writes them, by the row's first cell.
 */

/** Every setting the configuration module reads: asked once as `local` and once as `prod`, in reading order. */
export function settingNames(): string[] {
  const names: string[] = [];
  const reading = (given: Record<string, string>) =>
    new Proxy({} as NodeJS.ProcessEnv, {
      get(_target, key) {
        if (typeof key !== 'string') return undefined;
        if (!names.includes(key)) names.push(key);
        return given[key];
      },
    });
  configFromEnv(reading({}));
  configFromEnv(reading({ PORTAL_ENV: 'prod', SESSION_SECRET: 'x'.repeat(48) }));
  return names;
}

/**
 * Where the configuration keeps each setting whose default it decides (on an
 * empty environment, that is `local`). The others' defaults are decided where
 * they are used, and the document says them.
 */
const DEFAULT_AT: Readonly<Record<string, string>> = {
  PORT: 'port',
  PORTAL_ENV: 'env',
  DATA_DIR: 'dataDir',
  WIDGETS_DIR: 'widgetsDir',
  LOG_LEVEL: 'logLevel',
  CHAT_PROVIDER: 'chat.provider',
  CHAT_MEIQIA_SCRIPT: 'chat.meiqiaScript',
  CHAT_AGENT_PASSWORD: 'chat.agentPassword',
  UPSTREAM_TIMEOUT_MS: 'upstreamTimeoutMs',
  SHUTDOWN_GRACE_MS: 'shutdownGraceMs',
  SHOW_DEMO_ACCOUNTS: 'showDemoAccounts',
  DEMO_SITES: 'demoSites',
  RENDER_LIMIT_PER_ADDRESS: 'renderLimit',
  NOT_FOUND_LIMIT_PER_ADDRESS: 'notFoundLimit',
  SEARCH_LIMIT_PER_ADDRESS: 'searchLimit',
  RENDER_QUEUE_LENGTH: 'renderQueue.maxWaiting',
  RENDER_QUEUE_WAIT_MS: 'renderQueue.maxWaitMs',
};

function defaultOf(setting: string, defaults: object): string | undefined {
  const at = DEFAULT_AT[setting];
  if (!at) return undefined;
  let value: unknown = defaults;
  for (const step of at.split('.')) value = (value as Record<string, unknown> | undefined)?.[step];
  if (value === undefined) throw new Error(`docs tables: ${setting}'s default is no longer at config.${at}`);
  // Folders are resolved against the working folder: say them as the setting is written.
  if (typeof value === 'string' && isAbsolute(value)) return code(`./${relative(process.cwd(), value)}`);
  return code(value);
}

const settings: TableSource = {
  render(current) {
    const defaults = configFromEnv({});
    const names = settingNames().map((name) => code(name));
    const written = { defaults: handWritten(current, 1), meanings: handWritten(current, 2) };
    const rows = documentOrder(current, names).map((name) => [
      name,
      defaultOf(name.slice(1, -1), defaults) ?? written.defaults.get(name) ?? '',
      written.meanings.get(name) || 'TODO: what it does (written by hand)',
    ]);
    return tableOf(['variable', 'default', 'meaning'], rows);
  },
};

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

/** Every generated table, by the name its markers carry. */
export const TABLES: Readonly<Record<string, TableSource>> = { settings, elements, metrics, api };
