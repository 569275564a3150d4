import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumPath } from '../scripts/chromium';
import { BENCH_CHROMIUM_ARGS } from './browser';
import { median } from './stats';

export const LIGHTHOUSE_RUNS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface LighthouseFigures {
  /** Category scores, 0-100. */
  scores: Record<Category, number>;
  /** Largest contentful paint and total blocking time in ms; cumulative layout shift unitless. */
  lcp: number;
  tbt: number;
  cls: number;
}

export interface LighthouseResult extends LighthouseFigures {
  /** Each run, so a median can be checked against its spread. */
  runs: LighthouseFigures[];
  /** Scored audits that fell short in any run: where the missing points went. */
  failing: string[];
  warnings: string[];
}

/**
 * Lighthouse's own failures to record a run, after which it asks to be run again
 * (`NO_NAVSTART`: "Something went wrong with recording the trace"). They say
 * nothing of the page, so such a run is repeated; a page that paints nothing
 * (`NO_FCP`) or hangs is not.
 */
const RECORDING_ERRORS = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'PROTOCOL_TIMEOUT']);
const RECORDING_ATTEMPTS = 3;

class RecordingError extends Error {}

async function once(
  url: string,
  port: number,
): Promise<{ figures: LighthouseFigures; failing: string[]; warnings: string[] }> {
  // The default config: mobile form factor, simulated slow 4G and 4x CPU slowdown.
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (lhr.runtimeError) {
    const message = `Lighthouse on ${url}: ${lhr.runtimeError.message} (${lhr.runtimeError.code})`;
    throw RECORDING_ERRORS.has(lhr.runtimeError.code) ? new RecordingError(message) : new Error(message);
  }
  const score = (category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = CATEGORIES.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .filter((ref) => {
        const score = lhr.audits[ref.id]?.score;
        return typeof score === 'number' && score < 1;
      })
      .map((ref) => ref.id),
  );
  return {
    figures: {
      scores: Object.fromEntries(CATEGORIES.map((category) => [category, score(category)])) as Record<Category, number>,
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
    },
    failing,
    warnings: lhr.runWarnings.map(String),
  };
}

/** One run, repeated (and said so) when Lighthouse could not record it. */
async function recorded(
  url: string,
  port: number,
  warnings: Set<string>,
  beforeRun: () => Promise<void>,
): ReturnType<typeof once> {
  for (let attempt = 1; ; attempt++) {
    try {
      await beforeRun();
      return await once(url, port);
    } catch (error) {
      if (!(error instanceof RecordingError) || attempt >= RECORDING_ATTEMPTS) throw error;
      warnings.add(`${error.message}; the run was repeated`);
    }
  }
}

const medianOf = (runs: LighthouseFigures[], pick: (figures: LighthouseFigures) => number) => median(runs.map(pick));

/**
 * Lighthouse (the npm package) on each URL, `LIGHTHOUSE_RUNS` times, reporting
 * the median of each figure. One Chromium serves every run; Lighthouse resets
 * storage and cache before each, so every run is a first visit.
 */
export async function runLighthouse(
  urls: string[],
  { beforeEachRun }: { beforeEachRun?: (url: string, run: number) => Promise<void> } = {},
): Promise<Map<string, LighthouseResult>> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: [...BENCH_CHROMIUM_ARGS, '--headless=new'],
    logLevel: 'silent',
  });
  const results = new Map<string, LighthouseResult>();
  try {
    for (const url of urls) {
      const runs: LighthouseFigures[] = [];
      const warnings = new Set<string>();
      const failing = new Set<string>();
      for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
        const result = await recorded(url, chrome.port, warnings, async () => beforeEachRun?.(url, run));
        runs.push(result.figures);
        for (const warning of result.warnings) warnings.add(warning);
        for (const id of result.failing) failing.add(id);
      }
      results.set(url, {
        scores: Object.fromEntries(
          CATEGORIES.map((category) => [category, medianOf(runs, (figures) => figures.scores[category])]),
        ) as Record<Category, number>,
        lcp: medianOf(runs, (figures) => figures.lcp),
        tbt: medianOf(runs, (figures) => figures.tbt),
        cls: medianOf(runs, (figures) => figures.cls),
        runs,
        failing: [...failing],
        warnings: [...warnings],
      });
    }
  } finally {
    chrome.kill();
  }
  return results;
}
