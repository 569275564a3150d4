/**
 * Resolves once `condition` holds, polling each frame; fails after `timeout` ms.
 * A deadline for "eventually", not a measure of speed: what it waits for often
 * crosses the network (a chunk, an answer), slow on a loaded CI machine.
 */
export async function waitFor(condition: () => unknown, message: string, timeout = 5000): Promise<void> {
  const deadline = performance.now() + timeout;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`Timed out waiting: ${message}`);
    await new Promise(requestAnimationFrame);
  }
}

/**
 * Resolves once a server-rendered element styles itself. Made in the page rather
 * than by the server, it fetches its rules as a chunk of their own and is hidden
 * until they arrive (`serverStyles`): measured before then, it has no layout of
 * its own, and under load that can take a while.
 */
export function waitForStyles(element: Element): Promise<void> {
  return waitFor(() => element.isConnected && getComputedStyle(element).visibility !== 'hidden', 'its styles', 5000);
}
