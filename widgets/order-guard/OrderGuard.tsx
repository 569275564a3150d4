import { useLayoutEffect, useRef, useState } from 'react';
import { loadPortalAccount } from '../core/account/portal-session';
import type { ElementProps } from '../core/define';
import { emit } from '../core/emit';
import { resolveLang } from '../core/i18n';
import { $userInfo } from '../core/stores';
import {
  administratorMissing,
  certificationUrl,
  checkAhead,
  currentUser,
  findObstacle,
  managerSettingUrl,
  type Obstacle,
  refreshCertification,
} from './checks';
import { awaitReturn } from './trip';

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
  /** The action stopped, taken up again after the trip to the console's tab. */
  action: HTMLElement;
  /** Certification is asked for, and the company has no administrator either. */
  adminToo?: boolean;
}

/** An action stopped for certification in the console's tab, waiting for the visitor's return. */
interface Trip {
  action: HTMLElement;
  stop(): void;
  /** Past this time (ms), a return no longer starts the action. */
  until: number;
}
/** A trip forgotten for this long is over: coming back later does not start the action by surprise. */
const TRIP_MS = 30 * 60_000;

/** Events that come before a click, when a visitor reaches for an action. */
const REACHING = ['pointerdown', 'touchstart', 'focusin'] as const;

/** What the guard wraps that starts an action when clicked. */
const ACTION = 'a[href], button, input[type="submit"], input[type="button"], [role="button"]';

export function OrderGuard({ host, lang, noCertification }: OrderGuardProps) {
  const [blocked, setBlocked] = useState<Blocked | null>(null);
  const waive = noCertification !== undefined && noCertification !== 'false';
  const waiveRef = useRef(waive);
  waiveRef.current = waive;
  /** Starts waiting for the visitor's return from the console (set by the effect). */
  const startTrip = useRef<(action: HTMLElement) => void>(() => {});

  // A layout effect: the listener is there as soon as the element renders, before
  // anyone can click (a plain effect waits for the next frame).
  useLayoutEffect(() => {
    checkAhead();
    let checking = false;
    let replaying = false;
    let trip: Trip | null = null;
    const endTrip = () => {
      trip?.stop();
      trip = null;
    };

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
    const prompt = async (obstacle: Obstacle, action: HTMLElement, loading = loadPrompt()) => {
      const [{ GuardPrompt, adoptPromptStyles }, adminToo] = await Promise.all([
        loading,
        obstacle === 'certify' && administratorMissing(),
      ]);
      adoptPromptStyles(host);
      const href = (action as HTMLAnchorElement).href || undefined;
      setBlocked({ obstacle, Prompt: GuardPrompt, href, action, adminToo });
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
      endTrip();
      const loading = loadPrompt();
      // Waited for only when something stands in the way; its failure is reported above.
      loading.catch(() => {});
      findObstacle(waiveRef.current)
        .then((found) => (found ? prompt(found, action, loading) : proceed(action)))
        .catch(() => {})
        .finally(() => {
          checking = false;
        });
    };

    /**
     * Back from the console: the checks again, and how this tab goes on, the
     * action or the next prompt; nothing while certification is still missing.
     */
    const resume = async (): Promise<(() => void) | undefined> => {
      const waiting = trip;
      if (!waiting || Date.now() > waiting.until) return undefined;
      await refreshCertification();
      const found = await findObstacle(waiveRef.current).catch(() => 'certify' as const);
      // Another return (a message and the tab's focus) may have taken it meanwhile.
      if (found === 'certify' || trip !== waiting) return undefined;
      trip = null;
      return () => (found ? void prompt(found, waiting.action).catch(() => {}) : proceed(waiting.action));
    };
    startTrip.current = (action) => {
      endTrip();
      const stop = awaitReturn(location.href, resume);
      trip = { action, stop, until: Date.now() + TRIP_MS };
    };
    // The tab that comes back from the console says so (trip.ts); a visitor who
    // closes it and comes back here is noticed too.
    const onBack = () => {
      const waiting = trip;
      if (!waiting || document.visibilityState !== 'visible') return;
      void resume().then((next) => {
        if (!next) return;
        waiting.stop();
        next();
      });
    };

    // The full check (on a phone, the hub's) starts as the visitor reaches for an
    // action, so the click that follows rarely waits for it.
    const reaching = () => void currentUser();
    host.addEventListener('click', onClick, true);
    for (const type of REACHING) host.addEventListener(type, reaching, { passive: true });
    document.addEventListener('visibilitychange', onBack);
    window.addEventListener('focus', onBack);
    return () => {
      endTrip();
      host.removeEventListener('click', onClick, true);
      for (const type of REACHING) host.removeEventListener(type, reaching);
      document.removeEventListener('visibilitychange', onBack);
      window.removeEventListener('focus', onBack);
    };
  }, [host]);

  const close = () => setBlocked(null);
  const go = () => {
    if (!blocked) return;
    const { obstacle, href, action } = blocked;
    const companyId = $userInfo.get()?.companyId;
    if (obstacle === 'login') void loadPortalAccount().then((account) => account.portalAccount().login(href));
    else if (obstacle === 'certify') {
      window.open(certificationUrl(companyId), '_blank', 'noopener');
      startTrip.current(action);
    } else if (obstacle === 'admin') location.assign(managerSettingUrl(companyId));
    setBlocked(null);
  };

  return (
    <>
      <slot />
      {blocked && (
        <blocked.Prompt
          lang={resolveLang(host, lang)}
          obstacle={blocked.obstacle}
          adminToo={blocked.adminToo}
          onGo={go}
          onClose={close}
        />
      )}
    </>
  );
}
