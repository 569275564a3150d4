import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { type Finding, type Problem, withState } from './report';

const axeSource = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

/**
 * axe-core's rules (colour contrast included) over the page, or over one element
 * and its shadow tree (`within`, a tag name) when only that part changed. Frames are
 * left out: the only ones are the account service's hidden sign-in hub.
 */
async function axeProblems(page: Page, within?: string): Promise<Problem[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async (scope) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const context = scope ? { include: [[scope]] } : document;
    const results = await axe.run(context as never, { resultTypes: ['violations'], iframes: false });
    return results.violations.flatMap((violation) =>
      violation.nodes.map((node) => ({
        check: 'axe' as const,
        target: JSON.stringify(node.target),
        // Contrast names its colours and ratio in its message.
        problem: `${violation.id}: ${(node.any[0]?.message ?? violation.help).replace(/\s+/g, ' ')}`,
      })),
    );
  }, within);
}

export async function checkAxe(page: Page, state: string, within?: string): Promise<Finding[]> {
  return withState(state, await axeProblems(page, within));
}
