import { expect, type Locator, type Page } from '@playwright/test';
import { installToolkit } from './dom';
import { installWatch } from './keyboard';
import { type Finding, type Problem, withState } from './report';

/**
 * The mobile menu and every modal dialog keep Tab and Shift+Tab inside while open
 * (the header bar around the menu counts as inside: its toggle closes the menu);
 * Escape closes them and focus returns to what opened them. A dialog moves focus
 * into itself as it opens. Non-modal dialogs (the chat panel on a desktop) need
 * Escape and the return of focus only.
 */

/** Runs in the page: each Tab stop since `from` that is outside `within`, and what hid any stop. */
function stopsOutside(within: Element, { from, name }: { from: number; name: string }): Problem[] {
  const t = window.__layout!;
  const problems = new Map<string, Problem>();
  for (const stop of window.__tabStops!.slice(from)) {
    const target = t.describe(stop.element);
    if (!t.flatContains(within, stop.element))
      problems.set(target, {
        check: 'keyboard',
        target,
        box: t.box(stop.element.getBoundingClientRect()),
        problem: `Tab leaves the open ${name} for it`,
      });
    for (const problem of stop.problems) problems.set(`${problem.target}|${problem.problem}`, problem);
  }
  return [...problems.values()];
}

const isFocusedDeep = (locator: Locator) =>
  locator.evaluate((element) => window.__layout!.deepActiveElement() === element);

/** Tab and Shift+Tab around the open layer and report every stop outside `container`. */
async function checkTrap(page: Page, container: Locator, name: string): Promise<Problem[]> {
  await installWatch(page);
  const within = await container.elementHandle();
  if (!within) return [finding(name, `the open ${name} is not on the page`)];
  const count =
    (await within.evaluate((root) => {
      const t = window.__layout!;
      return t.controls(root).filter((c) => !t.skipReason(c)).length;
    })) + 2;
  const from = await page.evaluate(() => {
    window.__tabLeft = false;
    return window.__tabStops!.length;
  });
  for (let i = 0; i < count; i++) await page.keyboard.press('Tab');
  for (let i = 0; i < count; i++) await page.keyboard.press('Shift+Tab');
  await page.evaluate(() => {
    // The last stop is judged too: it would otherwise never see a keydown.
    const element = window.__layout!.deepActiveElement();
    if (element) window.__tabStops!.push({ element, problems: window.__layout!.focusProblems(element) });
  });
  const problems = await within.evaluate(stopsOutside, { from, name });
  await within.dispose();
  return problems;
}

const finding = (target: string, problem: string): Problem => ({ check: 'keyboard', target, problem });

/**
 * Opens a layer with the keyboard (focus `opener`, Enter), runs `whileOpen` in
 * that state, checks the focus trap when the layer is modal, then closes it with
 * Escape and checks that focus returned to the opener.
 */
export async function checkKeyboardLayer(
  page: Page,
  state: string,
  {
    opener,
    layer,
    container,
    name,
    modal,
    takesFocus = false,
    trap = true,
    whileOpen,
  }: {
    opener: Locator;
    /** The open layer, visible while open. */
    layer: Locator;
    /** What counts as inside while open (by default the layer itself). */
    container?: Locator;
    name: string;
    /** Modal layers keep focus inside; by default read from `aria-modal` or a modal <dialog>. */
    modal?: boolean;
    /** A dialog moves focus into itself as it opens; a menu leaves it on its toggle. */
    takesFocus?: boolean;
    /** False when another state of the same page already checked the trap. */
    trap?: boolean;
    whileOpen?: () => Promise<Finding[]>;
  },
): Promise<Finding[]> {
  await installToolkit(page);
  const problems: Problem[] = [];
  const openerName = await opener.evaluate((element) => window.__layout!.describe(element));
  await opener.focus({ timeout: 5_000 });
  await page.keyboard.press('Enter');
  // The chat's code and connection come on first use: time for them on a busy machine.
  const opened = await expect(layer)
    .toBeVisible({ timeout: 10_000 })
    .then(() => true)
    .catch(() => false);
  if (!opened) return withState(state, [finding(openerName, `Enter does not open the ${name}`)]);
  if (takesFocus) {
    const inside = await expect
      .poll(
        () => layer.evaluate((element) => window.__layout!.flatContains(element, window.__layout!.deepActiveElement())),
        {
          timeout: 2_000,
        },
      )
      .toBe(true)
      .then(() => true)
      .catch(() => false);
    if (!inside) problems.push(finding(openerName, `focus does not move into the ${name} as it opens`));
  }
  const findings = whileOpen ? await whileOpen() : [];
  const isModal =
    trap &&
    (modal ??
      (await layer.evaluate(
        (element) => element.matches('dialog:modal') || element.getAttribute('aria-modal') === 'true',
      )));
  if (isModal) problems.push(...(await checkTrap(page, container ?? layer, name)));
  await page.keyboard.press('Escape');
  const closed = await expect(layer)
    .toBeHidden({ timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  if (!closed) problems.push(finding(openerName, `Escape does not close the ${name}`));
  else {
    const returned = await expect
      .poll(() => isFocusedDeep(opener), { timeout: 2_000 })
      .toBe(true)
      .then(() => true)
      .catch(() => false);
    if (!returned) {
      const now = await page.evaluate(() => window.__layout!.describe(window.__layout!.deepActiveElement()));
      problems.push(finding(openerName, `focus does not return here when the ${name} closes (it is on ${now})`));
    }
  }
  return [...findings, ...withState(state, problems)];
}
