import type { Page } from '@playwright/test';
import { installToolkit } from './dom';
import { type Finding, type Problem, withState } from './report';

/**
 * What hit tests and Tab walks cannot see, and a screenshot shows at once:
 * - two visible controls of the same layer (the page, or one fixed or sticky layer)
 *   drawn over each other, line box by line box (a wrapped link is its lines, not
 *   the rectangle around them); the floating layers among themselves are layers.ts's;
 * - a standalone link (not in running text) whose lines break inside a word, as
 *   `Intl.Segmenter` with `zh-CN` finds words (Chinese has no spaces), though it
 *   would fit on one line of its container: a short entry started at the end of a
 *   line ("法 / 律声明"). A link longer than its container wraps by itself, and
 *   Chinese may break between any two characters there;
 * - a side navigation (`nav.side-nav`) whose entries share a line.
 * `OVERLAP_TOLERANCE` px of touching is not an overlap (sub-pixel rounding, a border).
 */
export const OVERLAP_TOLERANCE = 1;

function textFlowProblems(tolerance: number): Problem[] {
  const t = window.__layout!;
  const problems: Problem[] = [];
  const shown = t.controls().filter((control) => !t.skipReason(control) && t.visibleBox(control));

  /** The boxes a control is drawn in: its line boxes when it is inline, else its border box. */
  const boxesOf = (control: Element) => {
    const visible = t.visibleBox(control);
    const rects = getComputedStyle(control).display === 'inline' ? [...control.getClientRects()] : [];
    const boxes = rects.length ? rects : [control.getBoundingClientRect()];
    return boxes
      .map((rect) => (visible ? t.intersect(rect, visible) : null))
      .filter((rect): rect is DOMRect => Boolean(rect && rect.width > tolerance && rect.height > tolerance));
  };

  // Overlaps within a layer: sorted by top, each compared with those that start above its bottom.
  const drawn = shown
    .map((control) => ({ control, layer: t.innermostLayer(control), boxes: boxesOf(control) }))
    .filter((entry) => entry.boxes.length > 0)
    .sort((a, b) => Math.min(...a.boxes.map((r) => r.top)) - Math.min(...b.boxes.map((r) => r.top)));
  for (const [i, a] of drawn.entries()) {
    const bottom = Math.max(...a.boxes.map((r) => r.bottom));
    for (const b of drawn.slice(i + 1)) {
      if (Math.min(...b.boxes.map((r) => r.top)) >= bottom - tolerance) break;
      if (a.layer !== b.layer || t.flatContains(a.control, b.control) || t.flatContains(b.control, a.control)) continue;
      const overlap = a.boxes
        .flatMap((ra) => b.boxes.map((rb) => t.intersect(ra, rb)))
        .find((r) => r && r.width > tolerance && r.height > tolerance);
      if (!overlap) continue;
      problems.push({
        check: 'text flow',
        target: t.describe(a.control),
        box: t.box(a.control.getBoundingClientRect()),
        problem: `is drawn over another control (${Math.round(overlap.width)}×${Math.round(overlap.height)} px)`,
        other: t.describe(b.control),
        otherBox: t.box(b.control.getBoundingClientRect()),
      });
    }
  }

  // Links outside running text whose lines break inside a word.
  const words = new Intl.Segmenter('zh-CN', { granularity: 'word' });
  const inRunningText = (link: Element) => {
    const block = link.closest('p, li, td, dd, figcaption, blockquote');
    if (!block) return false;
    const own = [...block.childNodes].some(
      (node) => node.nodeType === Node.TEXT_NODE && /[^\s|·/、，。]/.test(node.textContent ?? ''),
    );
    return own;
  };
  for (const link of shown) {
    if (!link.matches('a[href]') || inRunningText(link)) continue;
    const text = link.textContent ?? '';
    if (!text.trim() || link.getClientRects().length === 0) continue;
    const breaks = lineBreaks(link);
    if (breaks.length === 0) continue;
    if (textWidth(link, 0, text.length) > contentWidth(link.parentElement ?? link)) continue;
    for (const segment of words.segment(text)) {
      if (!segment.isWordLike || segment.segment.length < 2) continue;
      const end = segment.index + segment.segment.length;
      const inside = breaks.find((at) => at > segment.index && at < end);
      if (inside === undefined) continue;
      problems.push({
        check: 'text flow',
        target: t.describe(link),
        box: t.box(link.getBoundingClientRect()),
        problem: `breaks a line inside the word "${segment.segment}" ("${text.slice(0, inside).trim()} / ${text.slice(inside).trim()}")`,
      });
      break;
    }
  }

  // Side navigations: one entry a line.
  for (const nav of document.querySelectorAll('nav.side-nav')) {
    if (!nav.checkVisibility()) continue;
    const entries = [...nav.querySelectorAll('a[href]')].filter((a) => a.getClientRects().length > 0);
    for (const [i, a] of entries.entries()) {
      const next = entries[i + 1];
      if (!next) break;
      const above = Math.max(...[...a.getClientRects()].map((r) => r.bottom));
      const below = Math.min(...[...next.getClientRects()].map((r) => r.top));
      if (below >= above - tolerance) continue;
      problems.push({
        check: 'text flow',
        target: t.describe(next),
        box: t.box(next.getBoundingClientRect()),
        problem: `shares a line with the entry before it in the side navigation "${nav.getAttribute('aria-label') ?? ''}"`,
        other: t.describe(a),
        otherBox: t.box(a.getBoundingClientRect()),
      });
    }
  }
  return problems;

  /** The offsets in the element's text where a new line starts. */
  function lineBreaks(element: Element): number[] {
    const breaks: number[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    let offset = 0;
    let lastTop: number | undefined;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const length = node.textContent?.length ?? 0;
      for (let i = 0; i < length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect || !(node.textContent ?? '')[i]?.trim()) continue;
        if (lastTop !== undefined && rect.top > lastTop + rect.height / 2) breaks.push(offset + i);
        lastTop = rect.top;
      }
      offset += length;
    }
    return breaks;
  }

  /** The width inside an element's padding: what a line of its content may take. */
  function contentWidth(element: Element): number {
    const style = getComputedStyle(element);
    return element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
  }

  /** How wide the element's text from `start` to `end` is drawn, on one line, with the element's own padding. */
  function textWidth(element: Element, start: number, end: number): number {
    const probe = document.createElement('span');
    probe.textContent = (element.textContent ?? '').slice(start, end);
    probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap;font:inherit;letter-spacing:inherit';
    element.append(probe);
    const own = getComputedStyle(element);
    const width = probe.getBoundingClientRect().width;
    probe.remove();
    return width + Number.parseFloat(own.paddingLeft) + Number.parseFloat(own.paddingRight);
  }
}

export async function checkTextFlow(page: Page, state: string): Promise<Finding[]> {
  await installToolkit(page);
  return withState(state, await page.evaluate(textFlowProblems, OVERLAP_TOLERANCE));
}
