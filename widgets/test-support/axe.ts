import type { AxeResults, RunOptions } from 'axe-core';

declare global {
  interface Window {
    axe?: { run(context: Element | Document, options?: RunOptions): Promise<AxeResults> };
  }
}

async function loadAxe() {
  if (window.axe) return window.axe;
  await new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = '/node_modules/axe-core/axe.min.js';
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('could not load axe-core'));
    document.head.append(script);
  });
  if (!window.axe) throw new Error('axe-core did not start');
  return window.axe;
}

/** The axe violations inside `context`, each as "rule: target" for readable failures. */
export async function axeViolations(context: Element | Document = document): Promise<string[]> {
  const axe = await loadAxe();
  const results = await axe.run(context, { resultTypes: ['violations'] });
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${JSON.stringify(node.target)}`),
  );
}
