import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium';

/** End-to-end tests against the real server, started once by global-setup.ts. */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 20_000,
  reporter: 'list',
  projects: [
    { name: 'portal', testIgnore: /cluster\.spec\.ts$/ },
    // The cluster suite loads both cores for 20 s and more: alone, after every other test.
    { name: 'cluster', testMatch: /cluster\.spec\.ts$/, dependencies: ['portal'] },
  ],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    locale: 'zh-CN',
    // A trace costs a third of the suite's CPU (screencast frames, snapshots) and is
    // thrown away when the test passes: ask for one when a failure needs it (`--trace on`).
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
