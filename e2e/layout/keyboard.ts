import { expect, type Page } from '@playwright/test';
import { installToolkit } from './dom';
import { type Finding, type Problem, withState } from './report';

/**
 * Keyboard rules:
 * - the first Tab stop is a skip link: a same-page link to the main content
 *   (`main`, `[role=main]`, or the element holding the h1), visible once focused;
 *   following it leaves its target below the header once the page has settled
 *   (the header may slide away as the page scrolls: only a lasting overlap counts).
 *   A page whose first stop is already in the main content, or with no navigation
 *   before it (the blank and certify layouts), needs none;
 * - Tab, pressed from the top until focus leaves the page, reaches every control the
 *   visitor can see (a radio group counts as one stop; `tabindex="-1"` opts out; a
 *   control wrapping the element that takes focus counts as reached). The walk ends
 *   where focus leaves the page: stops after it wrapped round are not judged;
 * - each focused element is visible and on screen, and no other layer (the header
 *   above all) hides any part of it: 3×3 probes over its visible box, judged just
 *   before the next Tab moves focus on.
 * Menus and dialogs: focus-trap.ts.
 */

interface Stop {
  element: Element;
  problems: Problem[];
}
declare global {
  interface Window {
    __tabStops?: Stop[];
    /** Focus has left the page (Tab past the last control): a forward walk ends there. */
    __tabLeft?: boolean;
  }
}

/** Runs in the page: judges the focused element just before each Tab moves focus on. */
function watchFocus() {
  const t = window.__layout!;
  window.__tabStops = [];
  window.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Tab' || window.__tabLeft) return;
      const element = t.deepActiveElement();
      if (element && element !== document.body && element !== document.documentElement)
        window.__tabStops!.push({ element, problems: t.focusProblems(element) });
      else if (window.__tabStops!.length) window.__tabLeft = true;
    },
    { capture: true },
  );
}

/** Records each Tab stop in the page, judged as focus leaves it (once per document). */
export const installWatch = async (page: Page) => {
  await installToolkit(page);
  await page.evaluate(`window.__tabStops ?? (${watchFocus.toString()})()`);
};

/**
 * Runs in the page: is the focused element a skip link to the main content? Pages
 * whose first stop is already in the main content, or with no navigation before it
 * (the blank and certify layouts), need none.
 */
function skipLinkProblem(): Problem | null {
  const t = window.__layout!;
  const first = t.deepActiveElement();
  const target = t.describe(first);
  if (!first || first === document.body) {
    const controls = t.controls().filter((control) => !t.skipReason(control));
    return controls.length ? { check: 'keyboard', target, problem: 'Tab focuses nothing on the page' } : null;
  }
  const main = document.querySelector('main, [role="main"]');
  const href = first.localName === 'a' ? first.getAttribute('href') : null;
  const id = href?.startsWith('#') ? decodeURIComponent(href.slice(1)) : null;
  const destination = id ? document.getElementById(id) : null;
  if (destination && (destination === main || destination.contains(main) || destination.querySelector('h1')))
    return null;
  if (main && t.flatContains(main, first)) return null;
  const before = (element: Element) =>
    !main || Boolean(element.compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING);
  const navigation = [...document.querySelectorAll('nav, portal-header, portal-topic-header')].some(before);
  if (!navigation) return null;
  return {
    check: 'keyboard',
    target,
    box: t.box(first.getBoundingClientRect()),
    problem: 'the first Tab stop is not a skip link to the main content',
  };
}

/** Runs in the page: the element focus wrapped to, or left the page at, ends the walk. */
function walkEnded(): boolean {
  const stops = window.__tabStops!;
  const active = window.__layout!.deepActiveElement();
  return Boolean(window.__tabLeft) || !active || (stops.length > 1 && active === stops[0]!.element);
}

/** Runs in the page: the controls Tab never reached, and every problem seen at a stop. */
function walkSummary(): Problem[] {
  const t = window.__layout!;
  const stops = window.__tabStops!;
  const reached = new Set(stops.map((stop) => stop.element));
  const problems = new Map<string, Problem>();
  for (const stop of stops)
    for (const problem of stop.problems) problems.set(`${problem.target}|${problem.problem}`, problem);
  const groupReached = (radio: HTMLInputElement) =>
    stops.some((stop) => {
      const other = stop.element as HTMLInputElement;
      return other.type === 'radio' && other.name === radio.name && other.form === radio.form;
    });
  for (const control of t.controls()) {
    if (reached.has(control) || t.skipReason(control) || control.getAttribute('tabindex') === '-1') continue;
    if ((control as HTMLInputElement).type === 'radio' && groupReached(control as HTMLInputElement)) continue;
    // Focus may sit on a focusable descendant (a control wrapping a button).
    if ([...reached].some((element) => t.flatContains(control, element))) continue;
    const focusable = (control as HTMLElement).tabIndex >= 0;
    problems.set(`${t.describe(control)}|unreached`, {
      check: 'keyboard',
      target: t.describe(control),
      box: t.box(control.getBoundingClientRect()),
      problem: focusable ? 'Tab never reaches it' : 'a control Tab cannot focus (no tabindex)',
    });
  }
  return [...problems.values()];
}

/** Runs in the page: following the skip link leaves its target below the header. */
function skipTargetProblem(): Problem | null {
  const t = window.__layout!;
  const id = decodeURIComponent(location.hash.slice(1));
  const destination = id && document.getElementById(id);
  if (!destination) return null;
  const header = document.querySelector('portal-header, portal-topic-header');
  const bar = header?.checkVisibility() ? header.getBoundingClientRect() : null;
  const top = destination.getBoundingClientRect();
  if (bar && bar.bottom > 0 && top.top < bar.bottom - 1)
    return {
      check: 'keyboard',
      target: t.describe(destination),
      box: t.box(top),
      problem: `the skip link's target starts at y=${Math.round(top.top)}, under the header (its bottom at ${Math.round(bar.bottom)})`,
      other: t.describe(header),
      otherBox: t.box(bar),
    };
  return null;
}

/** Waits until the page stops scrolling (a smooth scroll takes a few frames). */
export async function scrollSettled(page: Page): Promise<void> {
  let last = -1;
  await expect
    .poll(
      async () => {
        const y = await page.evaluate(() => scrollY);
        const still = y === last;
        last = y;
        return still;
      },
      { timeout: 3_000, intervals: [50] },
    )
    .toBe(true);
}

const TAB_BATCH = 20;

/**
 * Presses Tab `count` times through the DevTools protocol, the presses sent
 * together: the browser still handles them one after another, as typed, without
 * a round trip from the test for each.
 */
async function tabKey(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const key = { key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9, nativeVirtualKeyCode: 9 };
  const press = async (count: number) => {
    const sent: Promise<unknown>[] = [];
    for (let i = 0; i < count; i++)
      sent.push(
        cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...key }),
        cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key }),
      );
    await Promise.all(sent);
  };
  return Object.assign(press, { detach: () => cdp.detach() });
}

const focusableCount = (page: Page) =>
  page.evaluate(() => window.__layout!.controls().filter((c) => !window.__layout!.skipReason(c)).length);

/**
 * Tabs through a freshly loaded page: skip link first, every control reached,
 * each focus visible. Leaves the page scrolled back to the top.
 */
export async function checkTabWalk(page: Page, state: string): Promise<Finding[]> {
  await installWatch(page);
  const problems: Problem[] = [];
  // Tab starts from the top of the document, wherever an earlier click left focus.
  await page.evaluate(() => {
    const body = document.body;
    body.tabIndex = -1;
    body.focus({ preventScroll: true });
    body.removeAttribute('tabindex');
  });
  await page.keyboard.press('Tab');
  const first = await page.evaluate(skipLinkProblem);
  if (first) problems.push(first);
  // Scrolling regions are Tab stops too: room for them before the walk gives up.
  const budget = (await focusableCount(page)) + 40;
  const tab = await tabKey(page);
  for (let pressed = 0; pressed < budget; pressed += TAB_BATCH) {
    await tab(TAB_BATCH);
    if (await page.evaluate(walkEnded)) break;
  }
  await tab.detach();
  const summary = await page.evaluate(walkSummary);
  const skipLink = await page.evaluate(() => {
    const first = window.__tabStops![0]?.element;
    return first?.localName === 'a' && Boolean(first.getAttribute('href')?.startsWith('#'));
  });
  if (!first && skipLink) {
    // Back to the skip link, then follow it.
    await page.evaluate(() => (window.__tabStops![0]?.element as HTMLElement | undefined)?.focus());
    await page.keyboard.press('Enter');
    await scrollSettled(page);
    // The header may move out of the way as the page scrolls: only a lasting overlap counts.
    let target: Problem | null = null;
    await expect
      .poll(async () => (target = await page.evaluate(skipTargetProblem)), { timeout: 1_500 })
      .toBeNull()
      .catch(() => {});
    if (target) problems.push(target);
  }
  await page.evaluate(() => {
    (window.__layout!.deepActiveElement() as HTMLElement | null)?.blur();
    scrollTo(0, 0);
  });
  return withState(state, [...problems, ...summary]);
}

/** Runs in the page: focuses each control in document order, as Tab would, and judges it. */
function focusSweep(): Problem[] {
  const t = window.__layout!;
  const problems = new Map<string, Problem>();
  for (const control of t.controls()) {
    if (t.skipReason(control) || (control as HTMLElement).tabIndex < 0) continue;
    // focus() scrolls the element into view the way Tab does (only when it is not in view).
    (control as HTMLElement).focus();
    if (t.deepActiveElement() !== control) continue;
    for (const problem of t.focusProblems(control)) problems.set(`${problem.target}|${problem.problem}`, problem);
  }
  (t.deepActiveElement() as HTMLElement | null)?.blur();
  scrollTo(0, 0);
  return [...problems.values()];
}

/**
 * Whether each control, once focused, can be seen: for a second state of a page
 * whose Tab order the walk already checked (only the layers around it changed).
 */
export async function checkFocusSweep(page: Page, state: string): Promise<Finding[]> {
  await installToolkit(page);
  return withState(state, await page.evaluate(focusSweep));
}
