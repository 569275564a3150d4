import type { Page } from '@playwright/test';
import { installToolkit } from './dom';
import { type Finding, type Problem, withState } from './report';

/**
 * No sideways scrolling: the document is no wider than the viewport, and nothing
 * is cut off at its right edge. Culprits are the outermost elements that show past
 * the edge: their box cut by every clipping or scrolling ancestor (a carousel's
 * track, a code block that scrolls) still reaches beyond it.
 *
 * The header's controls are flush with the edges: the last one ends as far from the
 * right edge as the logo starts from the left (the header's own padding), within
 * `HEADER_TOLERANCE`.
 */
export const HEADER_TOLERANCE = 4;

function sideways(tolerance: number): Problem[] {
  const t = window.__layout!;
  const problems: Problem[] = [];
  const root = document.documentElement;
  // A phone zooms out to show a page wider than itself, and innerWidth grows with it:
  // the width the page was laid out for is the root's client width.
  const width = root.clientWidth;
  const scrollWidth = Math.max(root.scrollWidth, document.body.scrollWidth);

  /** How far right the element shows: its box, cut by every clipping (or scrolling) ancestor. */
  const shownRight = (element: Element) => {
    let right = element.getBoundingClientRect().right;
    for (let current = t.flatParent(element); current; current = t.flatParent(current)) {
      if (current === root || current === document.body) break;
      const s = getComputedStyle(current);
      if (s.overflowX !== 'visible') right = Math.min(right, current.getBoundingClientRect().right);
      if (s.position === 'fixed') break;
    }
    return right + scrollX;
  };
  const past = (element: Element) => {
    const rect = element.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0 && rect.right + scrollX > width + 0.5 && shownRight(element) > width + 0.5;
  };
  const culprits = t
    .deepElements()
    .filter(
      (element) =>
        past(element) &&
        element.checkVisibility({ visibilityProperty: true }) &&
        // Only the outermost: its parent stays inside the viewport.
        !(t.flatParent(element) && past(t.flatParent(element)!)),
    )
    .slice(0, 5);
  if (scrollWidth > width) {
    problems.push({
      check: 'overflow',
      target: 'document',
      problem: `scrolls sideways: scrollWidth ${scrollWidth} > the viewport's ${width}`,
    });
  }
  for (const culprit of culprits)
    problems.push({
      check: 'overflow',
      target: t.describe(culprit),
      box: t.box(culprit.getBoundingClientRect()),
      problem: `reaches ${Math.round(shownRight(culprit) - width)} px past the right edge`,
    });

  const header = document.querySelector('portal-header, portal-topic-header');
  if (header?.shadowRoot && header.checkVisibility()) {
    const nav = header.shadowRoot.querySelector('nav');
    const bottom = header.getBoundingClientRect().bottom;
    // The menu's entries sit between logo and tools on a desktop; on a phone they are in the closed menu.
    const bar = t
      .controls(header)
      .filter((c) => !t.skipReason(c) && !(nav && t.flatContains(nav, c)))
      .map((control) => ({ control, rect: control.getBoundingClientRect() }))
      .filter(({ rect }) => rect.top < bottom);
    if (bar.length >= 2) {
      const left = Math.min(...bar.map(({ rect }) => rect.left));
      const last = bar.reduce((a, b) => (b.rect.right > a.rect.right ? b : a));
      const right = width - last.rect.right;
      if (Math.abs(left - right) > tolerance)
        problems.push({
          check: 'header',
          target: t.describe(last.control),
          box: t.box(last.rect),
          problem: `the last header control ends ${Math.round(right)} px from the right edge; the first starts ${Math.round(left)} px from the left`,
        });
    }
  }
  return problems;
}

export async function checkOverflow(page: Page, state: string): Promise<Finding[]> {
  await installToolkit(page);
  return withState(state, await page.evaluate(sideways, HEADER_TOLERANCE));
}
