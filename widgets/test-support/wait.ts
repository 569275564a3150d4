/** Resolves once `condition` holds, polling each frame; fails after `timeout` ms. */
export async function waitFor(condition: () => unknown, message: string, timeout = 2000): Promise<void> {
  const deadline = performance.now() + timeout;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`Timed out waiting: ${message}`);
    await new Promise(requestAnimationFrame);
  }
}
