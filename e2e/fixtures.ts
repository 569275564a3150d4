import { readFileSync } from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';

export function portalUrl(): string {
  const url = process.env.PORTAL_URL;
  if (!url) throw new Error('PORTAL_URL is not set: run the tests through playwright.config.ts');
  return url;
}

const axeSource = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

/** Messages a page logged as errors, and CSP violations it reported. */
export interface PageProblems {
  errors: string[];
}

export const test = base.extend<{ problems: PageProblems }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  baseURL: async ({}, use) => use(portalUrl()),
  problems: async ({ page }, use) => {
    const problems: PageProblems = { errors: [] };
    page.on('console', (message) => {
      if (message.type() === 'error') problems.errors.push(message.text());
    });
    page.on('pageerror', (error) => problems.errors.push(error.message));
    await use(problems);
  },
});

/**
 * Waits until the page has loaded and every portal element that loads at once
 * (no `load-on`) is defined: the page as a visitor first uses it. Steadier than
 * waiting for the network to fall quiet, which a busy machine can hold off.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForFunction(() =>
    [...document.querySelectorAll('*')]
      .filter((element) => element.localName.startsWith('portal-') && !element.hasAttribute('load-on'))
      .filter((element) => element.localName !== 'portal-chat-launcher' || !element.shadowRoot)
      .every((element) => customElements.get(element.localName)),
  );
}

/**
 * Points at an element that loads its code on interaction (`load-on`) until the
 * code is here. The element listens only once the loader's waiting code has
 * arrived, and a synthetic event sent before that goes unheard, as a real
 * visitor's would: a visitor keeps moving, so the test points again.
 */
export async function pointAt(page: Page, tag: string): Promise<void> {
  await expect(async () => {
    await page.locator(tag).dispatchEvent('pointerover');
    expect(await page.evaluate((name) => Boolean(customElements.get(name)), tag)).toBe(true);
  }).toPass({ timeout: 15_000 });
}

/** Runs axe in the page (injected outside the page's CSP) and returns its violations. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${JSON.stringify(n.target)}`));
  });
}

/**
 * Holds back the answers to `url` until `release()`, to see what the page does
 * before a file arrives. `asked` resolves once the page has asked for it.
 */
export async function holdBack(page: Page, url: string | RegExp) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let markAsked = () => {};
  const asked = new Promise<void>((resolve) => {
    markAsked = resolve;
  });
  await page.route(url, async (route) => {
    markAsked();
    await held;
    // The page that asked may be gone by then.
    await route.continue().catch(() => {});
  });
  return { asked, release };
}

export { expect };
