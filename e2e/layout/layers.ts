import type { Page } from '@playwright/test';
import { installToolkit } from './dom';
import { type Finding, type Problem, withState } from './report';

/**
 * Fixed and sticky layers (header, cookie bar, float buttons, chat launcher and
 * panel, toasts, dialogs) must not cover each other's controls. Each control in a
 * layer is probed at the points of a 5×5 grid over its visible box that lie inside
 * the ellipse the box inscribes (a round launcher is not probed at its corners), at
 * the top of the page and scrolled halfway (where a sticky header is stuck); a probe
 * that lands in another layer is an overlap. While a modal layer is open (a modal
 * dialog, `aria-modal`, the open mobile menu) only its controls count: the rest is
 * behind it by design. A toast lets taps through but still hides what is under it:
 * a layer with `pointer-events: none` that shows a live region (`role` alert or
 * status, with text) is probed as if it took taps.
 */
const GRID = 5;

function coveredLayerControls(grid: number): Problem[] {
  const t = window.__layout!;
  const problems = new Map<string, Problem>();
  const modal = t.modalLayers();
  const start = { x: scrollX, y: scrollY };
  const messages = t.layers().filter((layer) => {
    if (getComputedStyle(layer).pointerEvents !== 'none') return false;
    const inside = [...t.deepElements(layer), ...(layer.shadowRoot ? t.deepElements(layer.shadowRoot) : [])];
    return inside.some((e) => e.matches('[role="alert"], [role="status"]') && e.textContent?.trim());
  }) as HTMLElement[];
  const before = messages.map((layer) => layer.style.getPropertyValue('pointer-events'));
  for (const layer of messages) layer.style.setProperty('pointer-events', 'auto', 'important');
  const positions = [
    { name: 'at the top', y: 0 },
    { name: 'scrolled halfway', y: Math.max(0, (document.documentElement.scrollHeight - innerHeight) / 2) },
  ];
  for (const position of positions) {
    scrollTo(0, position.y);
    for (const control of t.controls()) {
      if (!t.layerOf(control) || t.skipReason(control)) continue;
      if (modal.length && !modal.some((layer) => t.flatContains(layer, control))) continue;
      const box = t.visibleBox(control);
      if (!box) continue;
      const covering = new Map<Element, { hit: Element; points: number }>();
      let probes = 0;
      for (let i = 0; i < grid; i++)
        for (let j = 0; j < grid; j++) {
          const u = (2 * (i + 0.5)) / grid - 1;
          const v = (2 * (j + 0.5)) / grid - 1;
          // Inside the ellipse the box inscribes: a round button is not probed outside its shape.
          if (u * u + v * v > 1) continue;
          probes++;
          const hit = t.deepHit(box.x + (box.width * (u + 1)) / 2, box.y + (box.height * (v + 1)) / 2);
          if (!hit || t.hits(control, hit)) continue;
          const layer = t.innermostLayer(hit);
          // Within its own layer, and under page content, the centre hit test judges.
          if (!layer || t.flatContains(layer, control)) continue;
          const seen = covering.get(layer);
          covering.set(layer, { hit: seen?.hit ?? hit, points: (seen?.points ?? 0) + 1 });
        }
      for (const [layer, { hit, points }] of covering) {
        const target = t.describe(control);
        const name = t.layerName(layer);
        const key = `${target}|${name}`;
        if (problems.has(key)) continue;
        problems.set(key, {
          check: 'layers',
          target,
          box: t.box(control.getBoundingClientRect()),
          problem: `${Math.round((100 * points) / probes)}% of it is under ${name} (${position.name})`,
          other: t.describe(hit),
          otherBox: t.box(hit.getBoundingClientRect()),
        });
      }
    }
  }
  scrollTo(start.x, start.y);
  for (const [i, layer] of messages.entries()) layer.style.setProperty('pointer-events', before[i] ?? '');
  return [...problems.values()];
}

export async function checkLayers(page: Page, state: string): Promise<Finding[]> {
  await installToolkit(page);
  return withState(state, await page.evaluate(coveredLayerControls, GRID));
}
