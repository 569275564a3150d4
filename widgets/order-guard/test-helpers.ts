import { waitFor } from '../test-support/wait';
import './order-guard.element';

/** A guard around a link to `#target`, appended to the page. */
export function guardedLink(attributes: Record<string, string> = {}): { guard: HTMLElement; link: HTMLAnchorElement } {
  const guard = document.createElement('portal-order-guard');
  for (const [name, value] of Object.entries(attributes)) guard.setAttribute(name, value);
  const link = document.createElement('a');
  link.href = '#target';
  link.textContent = '立即订购';
  guard.append(link);
  document.body.append(guard);
  return { guard, link };
}

export const promptOf = (guard: HTMLElement) => guard.shadowRoot?.querySelector<HTMLDialogElement>('dialog') ?? null;

export async function openPrompt(guard: HTMLElement, link: HTMLElement): Promise<HTMLDialogElement> {
  link.click();
  await waitFor(() => promptOf(guard)?.open, 'the prompt', 4000);
  return promptOf(guard) as HTMLDialogElement;
}

export function deepActive(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}
