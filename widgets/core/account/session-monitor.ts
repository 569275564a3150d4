/** How the SDK watches a session (SPEC §9 defaults). All values in milliseconds. */
export interface MonitorOptions {
  /** A user is active while their last activity is at most this old. */
  liveTimeOut: number;
  /** At least this long between two refreshes. */
  minTime: number;
  /** How often the session is checked. */
  detectionFrequency: number;
  /** Activity is recorded (and shared with other tabs) at most this often. */
  viewPageFrequency: number;
  /** An active user whose token has less than this left is refreshed. */
  remainingExpirationBoundary: number;
  /** An inactive user whose token has less than this left is signed out. */
  logoutExpirationBoundary: number;
}

export const MONITOR_DEFAULTS: MonitorOptions = {
  liveTimeOut: 360_000,
  minTime: 120_000,
  detectionFrequency: 60_000,
  viewPageFrequency: 120_000,
  remainingExpirationBoundary: 1_200_000,
  logoutExpirationBoundary: 600_000,
};

export type SessionDecision = 'refresh' | 'logout' | 'none';

export interface SessionFacts {
  now: number;
  expiresAt: number;
  lastActivityAt: number;
  lastRefreshAt: number;
}

/** Near expiry, an active user is refreshed and an inactive one is signed out. */
export function decide(facts: SessionFacts, options: MonitorOptions = MONITOR_DEFAULTS): SessionDecision {
  const remaining = facts.expiresAt - facts.now;
  const active = facts.now - facts.lastActivityAt <= options.liveTimeOut;
  if (active) {
    const due = remaining <= options.remainingExpirationBoundary;
    return due && facts.now - facts.lastRefreshAt >= options.minTime ? 'refresh' : 'none';
  }
  return remaining <= options.logoutExpirationBoundary ? 'logout' : 'none';
}

/** Activity shared by every tab, so a user busy in one tab is active in all. */
export const ACTIVITY_STORAGE_KEY = 'portal.guc.activity';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart', 'mousemove'] as const;

export interface MonitorDeps {
  now(): number;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
}

const browserDeps = (): MonitorDeps => ({
  now: () => Date.now(),
  setInterval: (fn, ms) => window.setInterval(fn, ms),
  clearInterval: (handle) => window.clearInterval(handle as number),
  storage: localStorage,
});

/**
 * Checks the session every `detectionFrequency` and acts on the decision. Returns
 * a function that stops it.
 */
export function startSessionMonitor(
  session: {
    expiresAt(): number | null;
    lastRefreshAt(): number;
    refresh(): Promise<unknown>;
    logout(): void;
  },
  options: MonitorOptions = MONITOR_DEFAULTS,
  deps: MonitorDeps = browserDeps(),
): () => void {
  let recordedAt = 0;
  const record = () => {
    const now = deps.now();
    if (now - recordedAt < options.viewPageFrequency) return;
    recordedAt = now;
    try {
      deps.storage.setItem(ACTIVITY_STORAGE_KEY, String(now));
    } catch {}
  };
  const lastActivityAt = () => Math.max(recordedAt, Number(deps.storage.getItem(ACTIVITY_STORAGE_KEY)) || 0);

  record(); // opening the page is activity
  for (const type of ACTIVITY_EVENTS) window.addEventListener(type, record, { passive: true, capture: true });

  const check = () => {
    const expiresAt = session.expiresAt();
    if (expiresAt === null) return;
    const decision = decide(
      { now: deps.now(), expiresAt, lastActivityAt: lastActivityAt(), lastRefreshAt: session.lastRefreshAt() },
      options,
    );
    if (decision === 'refresh') void session.refresh().catch(() => {});
    if (decision === 'logout') session.logout();
  };
  const handle = deps.setInterval(check, options.detectionFrequency);

  return () => {
    deps.clearInterval(handle);
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, record, { capture: true });
  };
}
