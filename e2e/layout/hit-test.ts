import type { Page } from '@playwright/test';
import { installToolkit } from './dom';
import { type Finding, type Problem, withState } from './report';

/**
 * Hit-testing: each control the visitor can see is scrolled to the middle of the
 * viewport (clear of the sticky header), and `elementFromPoint` at its centre,
 * looking into open shadow roots, must find the control, something in it, or one of
 * its labels. A wrapped inline link is aimed at its largest line box. Not targets
 * now, so not tested (`skipReason` in dom.ts): disabled or inert controls, those in a
 * closed <details> (its summary is one), unrendered or transparent ones, visually
 * hidden ones (1 px, clipped away, or parked beyond the top or left edge: a skip link
 * before focus), and those a container other than the page clips out of sight (a
 * carousel's hidden slide). A layer's control under another layer is left to
 * layers.ts, which reports how much is covered; page content under a panel the
 * visitor opened (the chat on a desktop) is uncovered by closing it, so it is no
 * finding. While a modal layer is open only its controls count.
 *
 * Size rules (WCAG 2.5.8 and the issue's stricter rule for touch):
 * - on touch screens a button or an icon control must take taps over 44×44 CSS px:
 *   its box is that big, or taps at 22 px left, right, above and below its centre
 *   still reach it (a hit area larger than the box, such as padding or a pseudo-element);
 * - a standalone link (not in running text) is 24×24 px at every width, with no
 *   spacing exception (footer links 20 px high passed 2.5.8 by their gaps
 *   and were still hard to hit); on touch screens a link of a navigation or a footer
 *   (a breadcrumb's step, a side menu's entry, a footer column's link, a hotline, a
 *   filing, 帮助中心/隐私政策/网站地图, a page number) is a list row: 44 px high;
 * - every other target is 24×24 px, or has room: a 24 px circle around its centre
 *   touches no other target, nor another small target's circle (2.5.8's spacing);
 * - exempt: links inside a sentence or block of text (display inline, and the block
 *   around them has text of its own), and scrolling regions (`tabindex="0"`), which
 *   are focus targets, not tap targets. A checkbox or radio counts with its labels.
 */
export const TOUCH_TARGET = 44;
export const MIN_TARGET = 24;

interface Options {
  touch: boolean;
}

interface Sizes extends Options {
  touchTarget: number;
  minTarget: number;
}

/** Runs in the page: scrolls each control to the centre and asks what is under its centre. */
function hitTargets({ touch, touchTarget, minTarget }: Sizes): Problem[] {
  const t = window.__layout!;
  const problems: Problem[] = [];
  const modal = t.modalLayers();
  const start = { x: scrollX, y: scrollY };
  interface Target {
    control: Element;
    rect: DOMRect;
    /** Page content is compared in page coordinates, layers in viewport coordinates. */
    layered: boolean;
    small: boolean;
  }
  const targets: Target[] = [];

  const inlineInText = (control: Element) => {
    if (getComputedStyle(control).display !== 'inline') return false;
    let block = t.flatParent(control);
    while (block && ['inline', 'contents'].includes(getComputedStyle(block).display)) block = t.flatParent(block);
    if (!block) return false;
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.textContent?.trim() && !node.parentElement?.closest('a, button')) return true;
    }
    return false;
  };

  /** In a navigation or a footer (a landmark, in the flat tree): its links are rows of a list. */
  const inNavigation = (control: Element) => {
    for (let current = t.flatParent(control); current; current = t.flatParent(current))
      if (current.matches('nav, footer, [role="navigation"], [role="contentinfo"]')) return true;
    return false;
  };

  const targetRect = (control: Element) => {
    const rects = [
      control.getBoundingClientRect(),
      ...[...((control as HTMLInputElement).labels ?? [])].map((l) => l.getBoundingClientRect()),
    ];
    const left = Math.min(...rects.map((r) => r.left));
    const top = Math.min(...rects.map((r) => r.top));
    const right = Math.max(...rects.map((r) => r.right));
    const bottom = Math.max(...rects.map((r) => r.bottom));
    return new DOMRect(left, top, right - left, bottom - top);
  };

  /** Taps this far from the centre, in the four directions (or only above and below), still reach the control. */
  const reachesAround = (control: Element, rect: DOMRect, reach: number, sideways = true) => {
    const cx = rect.x + rect.width / 2;
    const cy = rect.y + rect.height / 2;
    return [
      [cx, cy - reach],
      [cx, cy + reach],
      ...(sideways
        ? [
            [cx - reach, cy],
            [cx + reach, cy],
          ]
        : []),
    ].every(([x, y]) => t.hits(control, t.deepHit(x!, y!)));
  };

  for (const control of t.controls()) {
    if (t.skipReason(control)) continue;
    // Behind an open modal layer by design; the keyboard check keeps focus out of it.
    if (modal.length && !modal.some((layer) => t.flatContains(layer, control))) continue;
    t.scrollToCentre(control);
    const rect = control.getBoundingClientRect();
    const onScreen = t.visibleBox(control);
    const aim = onScreen && t.intersect(t.aimBox(control), onScreen);
    const layer = t.layerOf(control);
    if (!aim) {
      // Inside a clipping container (a carousel's hidden slide): not on screen, not a target now.
      if (t.clippedByContainer(control)) continue;
      problems.push({
        check: 'hit-test',
        target: t.describe(control),
        box: t.box(rect),
        problem: layer
          ? `rendered outside the viewport in ${t.layerName(layer)}`
          : 'outside the viewport, and scrolling does not bring it in',
      });
      continue;
    }
    const x = aim.x + aim.width / 2;
    const y = aim.y + aim.height / 2;
    const hit = t.deepHit(x, y);
    const cover = hit && t.innermostLayer(hit);
    // A layer's control under another layer: the layers check reports it, with its extent.
    if (!t.hits(control, hit) && layer && cover && !t.flatContains(cover, control)) continue;
    // Page content under a panel the visitor opened (the chat on a desktop): closing it uncovers it.
    if (!t.hits(control, hit) && !layer && hit && t.dialogOf(hit)) continue;
    if (!t.hits(control, hit)) {
      problems.push({
        check: 'hit-test',
        target: t.describe(control),
        box: t.box(rect),
        problem: `its centre (${Math.round(x)},${Math.round(y)}) is covered by ${hit ? t.layerName(t.layerOf(hit)) : 'nothing (outside the page)'}`,
        other: t.describe(hit),
        otherBox: t.box(hit?.getBoundingClientRect() ?? null),
      });
      continue;
    }

    const kind = t.kindOf(control);
    if (kind === 'region') continue;
    const size = kind === 'choice' ? targetRect(control) : rect;
    if (touch && (kind === 'button' || kind === 'icon')) {
      const big = size.width >= touchTarget - 0.5 && size.height >= touchTarget - 0.5;
      if (!big && !reachesAround(control, size, touchTarget / 2 - 0.5))
        problems.push({
          check: 'target size',
          target: t.describe(control),
          box: t.box(size),
          problem: `${kind} is ${Math.round(size.width)}×${Math.round(size.height)}, under ${touchTarget}×${touchTarget} on a touch screen`,
        });
      continue;
    }
    if (kind === 'link' && inlineInText(control)) continue;
    const layered = layer !== null;
    const offset = layered ? { x: 0, y: 0 } : { x: scrollX, y: scrollY };
    const pageRect = new DOMRect(size.x + offset.x, size.y + offset.y, size.width, size.height);
    if (kind === 'link') {
      const row = touch && inNavigation(control);
      const tall = row ? touchTarget : minTarget;
      const short = size.height < tall - 0.5 && !reachesAround(control, size, tall / 2 - 0.5, false);
      const thin = size.width < minTarget - 0.5 && !reachesAround(control, size, minTarget / 2 - 0.5);
      if (short || thin)
        problems.push({
          check: 'target size',
          target: t.describe(control),
          box: t.box(size),
          problem: `${row ? 'link of a navigation or footer (a list row)' : 'standalone link'} is ${Math.round(size.width)}×${Math.round(size.height)}, under ${short ? `${tall} px high${row ? ' on a touch screen' : ''}` : `${minTarget} px wide`}`,
        });
      targets.push({ control, rect: pageRect, layered, small: false });
      continue;
    }
    const small = size.width < minTarget - 0.5 || size.height < minTarget - 0.5;
    targets.push({
      control,
      rect: pageRect,
      layered,
      small: small && !reachesAround(control, size, minTarget / 2 - 0.5),
    });
  }
  scrollTo(start.x, start.y);

  // WCAG 2.5.8's spacing for small targets: a 24 px circle around each centre.
  const centre = (r: DOMRect) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 });
  const distanceToRect = (p: { x: number; y: number }, r: DOMRect) =>
    Math.hypot(Math.max(r.left - p.x, 0, p.x - r.right), Math.max(r.top - p.y, 0, p.y - r.bottom));
  for (const small of targets.filter((target) => target.small)) {
    const c = centre(small.rect);
    const near = targets.find(
      (other) =>
        other !== small &&
        other.layered === small.layered &&
        !t.flatContains(other.control, small.control) &&
        !t.flatContains(small.control, other.control) &&
        (distanceToRect(c, other.rect) < minTarget / 2 ||
          (other.small && Math.hypot(c.x - centre(other.rect).x, c.y - centre(other.rect).y) < minTarget)),
    );
    if (near)
      problems.push({
        check: 'target size',
        target: t.describe(small.control),
        box: t.box(small.rect),
        problem: `${Math.round(small.rect.width)}×${Math.round(small.rect.height)}, under ${minTarget}×${minTarget} and closer than ${minTarget / 2} px to another target`,
        other: t.describe(near.control),
        otherBox: t.box(near.rect),
      });
  }
  return problems;
}

/** Every visible control is hit-testable at its centre and big enough to tap. */
export async function checkTargets(page: Page, state: string, options: Options): Promise<Finding[]> {
  await installToolkit(page);
  return withState(
    state,
    await page.evaluate(hitTargets, { ...options, touchTarget: TOUCH_TARGET, minTarget: MIN_TARGET }),
  );
}
