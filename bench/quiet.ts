import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/** Cumulative CPU time of every core, in ms, as `os.cpus()` counts it. */
export interface CpuSample {
  idle: number;
  total: number;
}

export function sampleCpu(): CpuSample {
  let idle = 0;
  let total = 0;
  for (const { times } of cpus()) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.irq + times.idle;
  }
  return { idle, total };
}

/**
 * Cores kept busy between two samples, on average: 1 is one core fully busy,
 * however many the machine has. 0 when no time passed.
 */
export function busyCoresBetween(earlier: CpuSample, later: CpuSample, cores: number): number {
  const total = later.total - earlier.total;
  if (total <= 0) return 0;
  const busyShare = Math.min(1, Math.max(0, 1 - (later.idle - earlier.idle) / total));
  return busyShare * cores;
}

export interface QuietOptions {
  /** Busy cores below which a step counts as quiet. */
  busyCoresBelow: number;
  /** How long every step must stay below that, in ms. */
  forMs: number;
  /** When to give up and measure anyway, in ms. */
  timeoutMs: number;
  stepMs: number;
  cores: number;
  sample: () => CpuSample;
  wait: (ms: number) => Promise<unknown>;
}

export interface QuietResult {
  quiet: boolean;
  /** The busiest step of the last window looked at, in busy cores. */
  busyCores: number;
  waitedMs: number;
}

export const QUIET_DEFAULTS: QuietOptions = {
  busyCoresBelow: 0.2,
  forMs: 3000,
  timeoutMs: 60_000,
  stepMs: 500,
  cores: cpus().length,
  sample: sampleCpu,
  wait: sleep,
};

/**
 * Waits until every step of the last few seconds had the machine's CPU nearly
 * idle, or gives up. Lighthouse multiplies every main-thread task by four, so
 * work left over from the previous measurement (a server collecting garbage, a
 * browser closing) would turn into blocking time the page did not cause; the
 * server load runs share the cores with the server they measure.
 */
export async function waitForQuiet(options: Partial<QuietOptions> = {}): Promise<QuietResult> {
  const { busyCoresBelow, forMs, timeoutMs, stepMs, cores, sample, wait } = { ...QUIET_DEFAULTS, ...options };
  const windowSteps = Math.max(1, Math.ceil(forMs / stepMs));
  const steps: number[] = [];
  let previous = sample();
  let waitedMs = 0;
  while (waitedMs < timeoutMs) {
    await wait(stepMs);
    waitedMs += stepMs;
    const current = sample();
    steps.push(busyCoresBetween(previous, current, cores));
    previous = current;
    if (steps.length > windowSteps) steps.shift();
    if (steps.length === windowSteps && Math.max(...steps) < busyCoresBelow)
      return { quiet: true, busyCores: Math.max(...steps), waitedMs };
  }
  return { quiet: false, busyCores: Math.max(0, ...steps), waitedMs };
}
