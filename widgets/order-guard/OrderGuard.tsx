import { useLayoutEffect, useRef, useState } from 'react';
import { loadPortalAccount } from '../core/account/portal-session';
import type { ElementProps } from '../core/define';
import { emit } from '../core/emit';
import { resolveLang } from '../core/i18n';
import { $userInfo } from '../core/stores';
import { certificationUrl, checkAhead, currentUser, findObstacle, managerSettingUrl, type Obstacle } from './checks';

export interface OrderGuardProps extends ElementProps {
  lang?: string;
  /** Present (and not "false"): the action does not need a certified enterprise. */
  noCertification?: string;
}

type PromptModule = typeof import('./GuardPrompt');

/**
 * The prompt, its dialog and their rules, fetched on the first guarded click
 * (while the checks run): most visitors of a product page never click, and most
 * who do pass.
 */
let loadingPrompt: Promise<PromptModule> | undefined;
const loadPrompt = () =>
  (loadingPrompt ??= import('./GuardPrompt').catch((error: unknown) => {
    // Not kept: the next click tries again.
    loadingPrompt = undefined;
    console.error('[portal] the order prompt could not be loaded', error);
    throw error;
  }));

/** What stands in the way, with the prompt that says so (loaded by then). */
interface Blocked {
  obstacle: Obstacle;
  Prompt: PromptModule['GuardPrompt'];
  /** Where the blocked link leads: a sign-in asked for here continues there. */
  href?: string;
}

/** Events that come before a click, when a visitor reaches for an action. */
const REACHING = ['pointerdown', 'touchstart', 'focusin'] as const;

/** What the guard wraps that starts an action when clicked. */
const ACTION = 'a[href], button, input[type="submit"], input[type="button"], [role="button"]';

export function OrderGuard({ host, lang, noCertification }: OrderGuardProps) {
  const [blocked, setBlocked] = useState<Blocked | null>(null);
  const waive = noCertification !== undefined && noCertification !== 'false';
  const waiveRef = useRef(waive);
  waiveRef.current = waive;

  // A layout effect: the listener is there as soon as the element renders, before
  // anyone can click (a plain effect waits for the next frame).
  useLayoutEffect(() => {
    checkAhead();
    let checking = false;
    let replaying = false;

    const proceed = (action: HTMLElement) => {
      const detail = { href: action.getAttribute('href') };
      if (!emit(host, 'portal-order-guard-passed', detail)) return; // the page takes it from here
      replaying = true;
      try {
        action.click();
      } finally {
        replaying = false;
      }
    };

    // Capturing on the host runs before the wrapped element's own listeners, so
    // nothing of the action happens until the checks pass.
    const onClick = (event: MouseEvent) => {
      if (replaying) return;
      const action = (event.target as Element).closest?.(ACTION) as HTMLElement | null;
      if (!action || action === host || !host.contains(action)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (checking) return;
      checking = true;
      const prompt = loadPrompt();
      // Waited for only when something stands in the way; its failure is reported above.
      prompt.catch(() => {});
      findObstacle(waiveRef.current)
        .then(async (found) => {
          if (!found) return proceed(action);
          const { GuardPrompt, adoptPromptStyles } = await prompt;
          adoptPromptStyles(host);
          setBlocked({ obstacle: found, Prompt: GuardPrompt, href: (action as HTMLAnchorElement).href || undefined });
        })
        .catch(() => {})
        .finally(() => {
          checking = false;
        });
    };
    // The full check (on a phone, the hub's) starts as the visitor reaches for an
    // action, so the click that follows rarely waits for it.
    const reaching = () => void currentUser();
    host.addEventListener('click', onClick, true);
    for (const type of REACHING) host.addEventListener(type, reaching, { passive: true });
    return () => {
      host.removeEventListener('click', onClick, true);
      for (const type of REACHING) host.removeEventListener(type, reaching);
    };
  }, [host]);

  const close = () => setBlocked(null);
  const go = () => {
    const obstacle = blocked?.obstacle;
    const companyId = $userInfo.get()?.companyId;
    const href = blocked?.href;
    if (obstacle === 'login') void loadPortalAccount().then((account) => account.portalAccount().login(href));
    else if (obstacle === 'certify') window.open(certificationUrl(companyId), '_blank', 'noopener');
    else if (obstacle === 'admin') location.assign(managerSettingUrl(companyId));
    setBlocked(null);
  };

  return (
    <>
      <slot />
      {blocked && (
        <blocked.Prompt lang={resolveLang(host, lang)} obstacle={blocked.obstacle} onGo={go} onClose={close} />
      )}
    </>
  );
}
