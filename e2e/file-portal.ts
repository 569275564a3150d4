import { test as base } from '@playwright/test';
import { type PortalProcess, startPortalProcess } from './portal-process';

/**
 * A portal for one spec file, started before its first test and stopped after its
 * last. For flows that change the seeded accounts and count on finding them as
 * seeded: the worker's portal (`testWithOwnPortal`) is shared by every file the
 * worker runs, and another file may have changed them (run with `--workers=1`,
 * commerce.spec.ts sets noadmin's administrator before local-console.spec.ts
 * expects none). Call it at the top of the file.
 */
export function testWithFilePortal() {
  let portal: PortalProcess | undefined;
  const test = base.extend<{ portal: PortalProcess }>({
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    portal: async ({}, use) => {
      if (!portal) throw new Error('the file portal is not started');
      await use(portal);
    },
  });
  test.beforeAll(async () => {
    portal = await startPortalProcess();
  });
  test.afterAll(async () => portal?.stop());
  return test;
}
