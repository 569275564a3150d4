import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** `export interface Name { ... }` of a source file, as written (with its JSDoc). */
function interfaceOf(source: string, name: string): string {
  const found = new RegExp(
    `(/\\*\\*(?:(?!\\*/)[\\s\\S])*\\*/\\n)?export interface ${name} \\{[\\s\\S]*?\\n\\}\\n`,
  ).exec(source)?.[0];
  if (!found) throw new Error(`contract/environments.ts has no interface ${name}`);
  return found;
}

/**
 * The declarations of `configurePortal` for the package's `index.d.ts`, with the
 * environment's shapes taken from `contract/environments.ts`, so the published
 * types are the ones the code is checked against.
 */
export function configDeclarations(root: string): string {
  const source = readFileSync(join(root, 'contract/environments.ts'), 'utf8');
  const names = /PORTAL_ENV_NAMES = \[([^\]]*)\]/.exec(source)?.[1];
  if (!names) throw new Error('contract/environments.ts has no PORTAL_ENV_NAMES');
  return [
    '/** The environments a portal runs in. */\n',
    `export type PortalEnvName = ${names
      .split(',')
      .map((name) => name.trim())
      .join(' | ')};\n\n`,
    interfaceOf(source, 'PortalEnvironment'),
    '\n',
    interfaceOf(source, 'PortalConfig'),
    '\n',
    "/** What `window[Symbol.for('portal.env')]` holds: the environment `portal.js` announces (a page may set it before the elements load). */\n",
    'export type PortalEnvAnnouncement = Partial<PortalEnvironment>;\n\n',
    '/**\n',
    ' * Tells the elements where their portal is, when their code is bundled into an app or\n',
    " * served from elsewhere: `configurePortal({ origin: 'https://www.example.cn', env: 'prod' })`.\n",
    ' * Pages, media, the APIs, the account service, the console and the chat follow it. It writes\n',
    ' * `<meta name="portal-origin">` and wins over the environment `portal.js` announces; it may be\n',
    ' * called before or after the elements are imported. Throws a `TypeError` for an origin that is\n',
    ' * not an address or an unknown environment name.\n',
    ' */\n',
    'export declare function configurePortal(config: PortalConfig): void;\n\n',
  ].join('');
}
