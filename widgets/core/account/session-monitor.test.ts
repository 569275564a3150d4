import { expect } from 'chai';
import { ACTIVITY_STORAGE_KEY, decide, MONITOR_DEFAULTS, startSessionMonitor } from './session-monitor';

const MIN = 60_000;
const now = 10_000_000;
const facts = (overrides: Partial<Parameters<typeof decide>[0]>) => ({
  now,
  expiresAt: now + 60 * MIN,
  lastActivityAt: now,
  lastRefreshAt: 0,
  ...overrides,
});

describe('session monitor', () => {
  it('uses the SDK defaults', () => {
    expect(MONITOR_DEFAULTS).to.deep.equal({
      liveTimeOut: 360000,
      minTime: 120000,
      detectionFrequency: 60000,
      viewPageFrequency: 120000,
      remainingExpirationBoundary: 1200000,
      logoutExpirationBoundary: 600000,
    });
  });

  it('refreshes an active user near expiry', () => {
    expect(decide(facts({ expiresAt: now + 19 * MIN, lastActivityAt: now - 5 * MIN }))).to.equal('refresh');
  });

  it('leaves an active user alone while the token has time', () => {
    expect(decide(facts({ expiresAt: now + 21 * MIN }))).to.equal('none');
  });

  it('does not refresh twice within minTime', () => {
    expect(decide(facts({ expiresAt: now + 5 * MIN, lastRefreshAt: now - 1 * MIN }))).to.equal('none');
    expect(decide(facts({ expiresAt: now + 5 * MIN, lastRefreshAt: now - 3 * MIN }))).to.equal('refresh');
  });

  it('signs out an inactive user near expiry', () => {
    expect(decide(facts({ expiresAt: now + 9 * MIN, lastActivityAt: now - 7 * MIN }))).to.equal('logout');
  });

  it('lets an inactive user keep a token that is not near expiry', () => {
    expect(decide(facts({ expiresAt: now + 11 * MIN, lastActivityAt: now - 30 * MIN }))).to.equal('none');
  });

  it('acts on its decision every detectionFrequency, with a fake clock', () => {
    let clock = now;
    let tick: () => void = () => {};
    let period = 0;
    const storage = new Map<string, string>();
    const actions: string[] = [];
    const stop = startSessionMonitor(
      {
        expiresAt: () => now + 30 * MIN,
        lastRefreshAt: () => 0,
        refresh: async () => actions.push('refresh'),
        logout: () => actions.push('logout'),
      },
      MONITOR_DEFAULTS,
      {
        now: () => clock,
        setInterval: (fn, ms) => {
          tick = fn;
          period = ms;
          return 1;
        },
        clearInterval: () => {},
        storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v) },
      },
    );
    expect(period).to.equal(60_000);
    expect(storage.get(ACTIVITY_STORAGE_KEY)).to.equal(String(now)); // the page view counts

    clock = now + 11 * MIN; // 19 min left, but idle for 11 min
    tick();
    expect(actions).to.deep.equal([]);
    window.dispatchEvent(new KeyboardEvent('keydown')); // busy again
    tick();
    expect(actions).to.deep.equal(['refresh']);

    clock = now + 21 * MIN; // 9 min left, idle for 10 min
    tick();
    expect(actions).to.deep.equal(['refresh', 'logout']);
    stop();
  });
});
