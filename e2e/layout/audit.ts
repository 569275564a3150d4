import type { Page } from '@playwright/test';
import { checkAxe } from './axe';
import { checkTargets } from './hit-test';
import { checkTabWalk } from './keyboard';
import { checkLayers } from './layers';
import type { Screen } from './matrix';
import { checkOverflow } from './overflow';
import type { Finding } from './report';
import { checkTextFlow } from './text-flow';

/**
 * The checks of one page state that need no interaction: hit-testing and target
 * size, layers, overflow and the header's edges, text flow (controls drawn over
 * each other, links broken inside a word, side navigations' lines), and axe (over the whole page, over
 * one element when only it changed, or not at all when nothing axe sees changed).
 */
export async function auditState(
  page: Page,
  state: string,
  screen: Screen,
  { axe = 'page' }: { axe?: 'page' | 'none' | (string & {}) } = {},
): Promise<Finding[]> {
  return [
    ...(await checkTargets(page, state, { touch: screen.touch })),
    ...(await checkLayers(page, state)),
    ...(await checkOverflow(page, state)),
    ...(await checkTextFlow(page, state)),
    ...(axe === 'none' ? [] : await checkAxe(page, state, axe === 'page' ? undefined : axe)),
  ];
}

/** A page state in full: `auditState`, then a Tab walk. */
export async function auditWithKeyboard(page: Page, state: string, screen: Screen): Promise<Finding[]> {
  return [...(await auditState(page, state, screen)), ...(await checkTabWalk(page, state))];
}
