/** The mistakes said on this page, shared by every copy of the elements' code. */
const SAID = Symbol.for('portal.warned');

/**
 * Says `message` in the console once per page, however many elements (or
 * copies of their code) meet the same mistake: one line naming the fix, not one
 * per element.
 */
export function warnOnce(mistake: string, message: string): void {
  const page = globalThis as unknown as Record<symbol, Set<string> | undefined>;
  page[SAID] ??= new Set();
  const said = page[SAID];
  if (said.has(mistake)) return;
  said.add(mistake);
  console.warn(message);
}
