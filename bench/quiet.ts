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

/** Share of the machine's CPU time (0..1) spent busy between two samples; 0 when no time passed. */
export function busyBetween(earlier: CpuSample, later: CpuSample): number {
  const total = later.total - earlier.total;
  if (total <= 0) return 0;
  return Math.min(1, Math.max(0, 1 - (later.idle - earlier.idle) / total));
}

export interface QuietOptions {
  /** Busy share below which the machine counts as quiet. */
  busyBelow: number;
  /** How long it must stay below that, in ms. */
  forMs: number;
  /** When to give up and measure anyway, in ms. */
  timeoutMs: number;
  stepMs: number;
  sample: () => CpuSample;
  wait: (ms: number) => Promise<unknown>;
}

export interface QuietResult {
  quiet: boolean;
  /** Busy share over the last window looked at. */
  busy: number;
  waitedMs: number;
}

export const QUIET_DEFAULTS: QuietOptions = {
  busyBelow: 0.1,
  forMs: 3000,
  timeoutMs: 60_000,
  stepMs: 500,
  sample: sampleCpu,
  wait: sleep,
};

/**
 * Waits until the machine's CPU has been nearly idle for a while, or gives up.
 * Lighthouse multiplies every main-thread task by four, so work left over from
 * the previous measurement (a server collecting garbage, a browser closing)
 * turns into blocking time the page did not cause.
 */
export async function waitForQuiet(options: Partial<QuietOptions> = {}): Promise<QuietResult> {
  const { busyBelow, forMs, timeoutMs, stepMs, sample, wait } = { ...QUIET_DEFAULTS, ...options };
  const windowSteps = Math.max(1, Math.ceil(forMs / stepMs));
  const samples = [sample()];
  let waitedMs = 0;
  let busy = 1;
  while (waitedMs < timeoutMs) {
    await wait(stepMs);
    waitedMs += stepMs;
    samples.push(sample());
    if (samples.length > windowSteps + 1) samples.shift();
    busy = busyBetween(samples[0]!, samples.at(-1)!);
    if (samples.length > windowSteps && busy < busyBelow) return { quiet: true, busy, waitedMs };
  }
  return { quiet: false, busy, waitedMs };
}
