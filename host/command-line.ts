import { parseArgs } from 'node:util';

/** What the running server knows of its own build (stamped by `npm run build`; absent from source). */
export interface Release {
  version: string;
  /** The commit built (`-dirty` if the tree had changes), null where the build had no git. */
  commit: string | null;
  /** When it was built; absent when run from source. */
  builtAt?: string;
}

/** `0.1.0 (commit 51d4fe0a1b2c, built 2026-11-28T…)`, or `… (from source, not built)`. */
export function describeRelease(release: Release): string {
  if (!release.builtAt) return `${release.version} (from source, not built)`;
  return `${release.version} (commit ${release.commit ?? 'unknown'}, built ${release.builtAt})`;
}

const USAGE = [
  'Usage: node dist/server.js [--version | --help]',
  'Its settings are environment variables (PORT, PORTAL_ENV, DATA_DIR, DATABASE_URL, ...): see README.md, "Settings".',
].join('\n');

/**
 * The server's arguments: none (start), `--version` or `--help` (print and
 * end). Anything else ends the start with one line saying what is accepted,
 * before any setting is read or any folder touched.
 */
export function readCommandLine(
  args: string[],
  release: Release,
): { run: true } | { run: false; code: 0 | 1; output: string } {
  // Parsed leniently, then judged token by token: the refusal names the argument as given.
  const { values, tokens } = parseArgs({
    args,
    options: { version: { type: 'boolean', short: 'v' }, help: { type: 'boolean', short: 'h' } },
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const wrong = tokens.find(
    (token) => token.kind !== 'option' || !['version', 'help'].includes(token.name) || token.value !== undefined,
  );
  if (wrong)
    return {
      run: false,
      code: 1,
      output: `Unknown argument "${wrong.kind === 'option' ? wrong.rawName : wrong.kind === 'positional' ? wrong.value : '--'}": the server accepts --version and --help; its settings are environment variables (README.md, "Settings")`,
    };
  if (values.version) return { run: false, code: 0, output: `industrial-portal ${describeRelease(release)}` };
  if (values.help) return { run: false, code: 0, output: `智造云 portal server ${describeRelease(release)}\n${USAGE}` };
  return { run: true };
}
