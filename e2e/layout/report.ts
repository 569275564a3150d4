import type { TestInfo } from '@playwright/test';
import type { Box } from './dom';

/** Which check found a problem: the headings of the report. */
export type Check = 'hit-test' | 'target size' | 'layers' | 'overflow' | 'header' | 'axe' | 'keyboard' | 'text flow';

/** One problem: what, where on screen, and what it collides with. */
export interface Finding {
  check: Check;
  /** The page state it was seen in: "notice shown, chat open", "menu open"... */
  state: string;
  /** The element, as `host » tag.class "name"`. */
  target: string;
  box?: Box | null;
  problem: string;
  /** The other element involved (what covers it, what it overlaps). */
  other?: string;
  otherBox?: Box | null;
}

/** What an in-page check sends back: a finding without its state. */
export type Problem = Omit<Finding, 'state'>;

export const withState = (state: string, problems: Problem[]): Finding[] =>
  problems.map((problem) => ({ state, ...problem }));

const boxText = (box?: Box | null) => (box ? ` @${box.x},${box.y} ${box.width}×${box.height}` : '');

/** The findings of one test, and every state it looked at (a clean state is named too). */
export class LayoutReport {
  readonly findings: Finding[] = [];
  readonly states: string[] = [];

  constructor(readonly title: string) {}

  /** Records that `state` was checked, with what its checks found. */
  add(state: string, findings: Finding[]): void {
    if (!this.states.includes(state)) this.states.push(state);
    this.findings.push(...findings);
  }

  /** One line per problem, grouped by state, then by check; then the states without any. */
  format(): string {
    const { title, findings } = this;
    const lines = [`${title}: ${findings.length || 'no'} problem${findings.length === 1 ? '' : 's'}`];
    for (const state of [...new Set(findings.map((f) => f.state))]) {
      lines.push(`  [${state}]`);
      const ofState = findings.filter((f) => f.state === state);
      for (const check of [...new Set(ofState.map((f) => f.check))])
        for (const f of ofState.filter((x) => x.check === check)) {
          const other = f.other ? ` ← ${f.other}${boxText(f.otherBox)}` : '';
          lines.push(`    ${check.padEnd(11)} ${f.target}${boxText(f.box)}: ${f.problem}${other}`);
        }
    }
    const clean = this.states.filter((state) => !findings.some((f) => f.state === state));
    if (clean.length) lines.push(`  no problems in: ${clean.join('; ')}`);
    return lines.join('\n');
  }

  /**
   * Attaches the findings (JSON, for tallying a whole run) and fails the test with
   * the readable report when there are any.
   */
  async finish(testInfo: TestInfo): Promise<void> {
    const { title, states, findings } = this;
    await testInfo.attach('layout-findings', {
      body: JSON.stringify({ title, states, findings }),
      contentType: 'application/json',
    });
    if (findings.length) throw new Error(this.format());
  }
}
