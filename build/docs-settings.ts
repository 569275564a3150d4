import { isAbsolute, relative } from 'node:path';
import { configFromEnv } from '../host/config';
import { code, documentOrder, handWritten, type TableSource, tableOf } from './docs-markdown';

/**
 * The settings table: the names the configuration module (host/config.ts)
 * reads, the defaults it decides, and the meanings the README writes by hand.
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
  PAGE_CACHE: 'pageCache',
  MEDIA_MAX_BYTES: 'media.maxBytes',
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

export const settings: TableSource = {
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
