import rollupAlias from '@rollup/plugin-alias';
import rollupReplace from '@rollup/plugin-replace';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { fromRollup } from '@web/dev-server-rollup';
import type { TestRunnerConfig } from '@web/test-runner';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { cssString } from './build/css-string';
import { reactAliases } from './build/react-aliases';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium';
import { fakeServers } from './widgets/test-support/fake-servers';

const alias = fromRollup(rollupAlias);
const replace = fromRollup(rollupReplace);
const css = fromRollup(cssString);

/** Widget tests: each `*.test.ts` beside its widget, in real Chromium. */
const config: TestRunnerConfig = {
  files: ['widgets/**/*.test.ts'],
  nodeResolve: { browser: true },
  concurrency: 2,
  mimeTypes: { '**/*.css': 'js' },
  middleware: [fakeServers()],
  plugins: [
    alias({ entries: reactAliases }),
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('development') } }),
    css(),
    esbuildPlugin({ ts: true, tsx: true, target: 'es2022', tsconfig: 'tsconfig.json' }),
  ],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS },
    }),
  ],
  // Each wait in a test may take up to 5 s on a loaded machine (test-support/wait.ts).
  testFramework: { config: { timeout: 15000 } },
};

export default config;
