import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { userAgents } from 'lighthouse/core/config/constants.js';
import { startPortalProcess } from '../e2e/portal-process';
import { launchChromium } from './browser';
import { type FirstView, measureFirstView, measurePage } from './bytes';
import { freePartnerPort, measureChat, partnerOrigin } from './chat';
import { measureCluster } from './cluster';
import { builtFiles } from './files';
import { FLOOD_SECONDS, measureFloodOnItsOwnPortal } from './flood';
import { BROWSER_ACCEPT_ENCODING, getRaw, type RawResponse } from './http';
import { JUNK_SECONDS, measureJunk } from './junk';
import { LIGHTHOUSE_RUNS, runLighthouse } from './lighthouse';
import { startLimitServer } from './limit-server';
import { compare, LOAD_SECONDS, warmUp } from './load';
import { describeMachine, type Machine } from './machine';
import { KEPT_PLAIN_ROUTES, measurePages, measureRendered } from './page-loads';
import { QUIET_DEFAULTS, waitForQuiet } from './quiet';
import { printTable, summaryLine, writeBenchmarksMd, writeJson } from './report';
import type { LighthousePage, Results, RouteResult } from './results';
import { FIRST_VIEW_ROUTES, notBuiltYet, ROUTES } from './routes';
import { tableRows } from './rows';
import { measureSearch, SEARCH_QUERIES } from './search';
import { measureStartup, STARTUP_RUNS } from './startup';

/**
 * `npm run bench`: builds for production, starts the portal (`local`) on a
 * free port and measures bytes, server load against the machine's limit,
 * Lighthouse, search and the chat embed; prints one table and writes
 * bench/results.json and the generated part of BENCHMARKS.md.
 */

const WIDGETS_DIR = 'dist/widgets';
/** Lighthouse on every page kind (issue 33) takes about nine of these minutes. */
const TIME_LIMIT_SECONDS = 1200;

const log = (message: string) => console.error(`[bench] ${message}`);
const startedAt = performance.now();
/** Seconds each section took, so a slow section is visible when the run nears its ten minutes. */
const phases: Record<string, number> = {};
/** Problems that cost a figure but not the run: one broken page must not hide the others. */
const warnings: string[] = [];

async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
  log(name);
  const start = performance.now();
  try {
    return await work();
  } finally {
    phases[name] = Math.round((performance.now() - start) / 100) / 10;
  }
}

async function orWarn<T>(what: string, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    warnings.push(`${what} failed: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
    return undefined;
  }
}

function machineWarnings(machine: Machine) {
  if (!machine.cjkFont)
    warnings.push(
      'No CJK font found (fc-list :lang=zh): Chinese renders as boxes, so Lighthouse layout and paint figures are not what visitors get. Install one, e.g. apt-get install -y fonts-noto-cjk.',
    );
  if (machine.loadAverage > machine.cores / 2)
    warnings.push(
      `The machine was busy when the run began (load average ${machine.loadAverage} on ${machine.cores} cores): timings are lower than on an idle machine; ratios to the limit, measured in the same minutes, hold better.`,
    );
  if (machine.dirty)
    warnings.push(`The working tree has uncommitted changes: the figures are of more than ${machine.commit}.`);
}

/** What the portal answers each route today decides what can be measured; the answer is also what the limit server replays. */
async function probeRoutes(portalUrl: string) {
  const captured = new Map<string, RawResponse>();
  const routes: RouteResult[] = [];
  for (const route of ROUTES) {
    const response = await getRaw(portalUrl + route.path, { 'accept-encoding': BROWSER_ACCEPT_ENCODING });
    captured.set(route.path, response);
    const result: RouteResult = { ...route, status: response.status };
    if (response.status >= 400) result.notBuilt = notBuiltYet(`GET ${route.path}`, response.status);
    routes.push(result);
  }
  return { routes, captured };
}

async function measureBytesAndChat(portalUrl: string, routes: RouteResult[], partnerPort: number) {
  const browser = await launchChromium();
  try {
    for (const route of routes.filter((route) => route.kind === 'page' && !route.notBuilt))
      route.bytes = await orWarn(`bytes of ${route.label}`, () => measurePage(browser, portalUrl + route.path));
    const partner = routes.find((route) => route.kind === 'partner');
    const chat = await measureChat(browser, portalUrl, partner?.path ?? '/widgets/chat.js', partnerPort);
    // The partner page itself is measured even while the chat is missing: its row shows both.
    if (partner) partner.bytes = chat.partnerPage;
    const firstViews: FirstView[] = [];
    for (const device of ['desktop', 'phone'] as const)
      for (const route of FIRST_VIEW_ROUTES) {
        const view = await orWarn(`first view of ${route.label} (${device})`, () =>
          measureFirstView(browser, route, portalUrl, device),
        );
        if (view) firstViews.push(view);
      }
    return { chat, firstViews };
  } finally {
    await browser.close();
  }
}

/** Each route against the limit server, interleaved so drift on a shared machine hits both alike. */
async function measureLoad(portalUrl: string, routes: RouteResult[], captured: Map<string, RawResponse>) {
  const loadable = routes.filter((route) => !route.notBuilt);
  const limit = await startLimitServer(new Map(loadable.map((route) => [route.path, captured.get(route.path)!])));
  try {
    for (const route of loadable) {
      await warmUp(portalUrl + route.path);
      await warmUp(limit.url + route.path);
      const c10 = await compare(portalUrl, limit.url, route.path, 10);
      const c100 = await compare(portalUrl, limit.url, route.path, 100);
      route.load = { c10, c100 };
      log(
        `  ${route.label}: ${Math.round(c100.portal.requestsPerSecond)}/s at 100 connections, ${Math.round(c100.ratio * 100)} % of limit`,
      );
    }
  } finally {
    await limit.stop();
  }
}

/**
 * Each Lighthouse run, and the server load runs, start on a quiet machine: what
 * the previous run or phase left running would otherwise count as the portal's
 * (in Lighthouse, four times over, as blocking time).
 */
async function whenQuiet(what: string) {
  const { quiet, busyCores, waitedMs } = await waitForQuiet();
  if (quiet) {
    if (waitedMs > QUIET_DEFAULTS.forMs) log(`  ${what}: waited ${Math.round(waitedMs / 1000)} s for a quiet machine`);
    return;
  }
  warnings.push(
    `${what} began on a busy machine (${busyCores.toFixed(1)} cores busy after ${Math.round(waitedMs / 1000)} s of waiting): its figures are partly not the portal's.`,
  );
}

/**
 * Before a Lighthouse run, the page is asked for once as Lighthouse's phone will
 * ask (its mobile variant), and the machine left to settle: a kept page older
 * than its fresh time would otherwise be rendered again while the browser loads
 * it. On a real visit the server and the phone do not share two cores.
 */
async function readyForLighthouse(url: string, what: string) {
  await getRaw(url, { 'user-agent': userAgents.mobile, 'accept-encoding': BROWSER_ACCEPT_ENCODING });
  await whenQuiet(what);
}

/** Page kind by page kind, so one page Lighthouse cannot load costs only its own figures. */
async function measureLighthouse(portalUrl: string): Promise<LighthousePage[]> {
  const pages: LighthousePage[] = [];
  for (const route of FIRST_VIEW_ROUTES) {
    const url = portalUrl + route.path;
    const results = await orWarn(`Lighthouse on ${route.label}`, () =>
      runLighthouse([url], {
        beforeEachRun: (_url, run) => readyForLighthouse(url, `Lighthouse on ${route.label}, run ${run + 1}`),
      }),
    );
    const browser = results?.get(url);
    pages.push(browser ? { ...route, browser } : { ...route, note: 'Lighthouse failed: see the warnings' });
  }
  return pages;
}

async function main() {
  // Described first, so the load average is the machine's, not our build's.
  const machine = describeMachine();
  machineWarnings(machine);
  for (const warning of warnings) log(`warning: ${warning}`);
  // The build is part of the run (and of its ten minutes): the bench measures what production serves.
  await phase('build', async () =>
    execFileSync('npm', ['run', '--silent', 'build'], { stdio: ['ignore', process.stderr, 'inherit'] }),
  );
  const files = builtFiles(WIDGETS_DIR);
  // Before the portal this run measures starts: nothing else of ours runs meanwhile.
  const startup = await phase(`start-up (${STARTUP_RUNS} cold and warm starts, built and from source)`, async () => {
    await whenQuiet('The start-up runs');
    const result = await orWarn('the start-up runs', () => measureStartup());
    for (const failure of result?.retried ?? []) warnings.push(`a start was made again after it failed: ${failure}`);
    return result;
  });

  const partnerPort = await freePartnerPort();
  const portal = await phase('start the portal (local)', () =>
    startPortalProcess(3, { env: { CHAT_PARTNER_ORIGINS: partnerOrigin(partnerPort) } }),
  );
  try {
    const { routes, captured } = await probeRoutes(portal.url);
    const { chat, firstViews } = await phase('bytes per route, first views and chat embed (Chromium)', () =>
      measureBytesAndChat(portal.url, routes, partnerPort),
    );
    const search = await phase('search', () => measureSearch(portal.url));
    // Lighthouse before the load runs: a portal that just served hundreds of thousands of requests still collects their garbage.
    const lighthouse = await phase(`Lighthouse (${LIGHTHOUSE_RUNS} runs per page kind)`, () =>
      measureLighthouse(portal.url),
    );
    await phase(`server load (${LOAD_SECONDS} s per run)`, async () => {
      // The browser Lighthouse drove may still be closing: the load runs share the cores with the portal.
      await whenQuiet('The server load runs');
      return measureLoad(portal.url, routes, captured);
    });
    // The same kept pages as autocannon asks by default, uncompressed: each beside the plain bytes.
    const keptPlain = await phase('kept pages, no Accept-Encoding', () =>
      orWarn('the kept pages without Accept-Encoding', () => measurePages(portal.url, KEPT_PLAIN_ROUTES, 'plain')),
    );
    // Its own portal meanwhile, this one idle: every request renders.
    const rendered = await phase('pages not kept (a portal with PAGE_CACHE=off)', async () => {
      await whenQuiet('The runs of pages not kept');
      return orWarn('the runs of pages not kept', () => measureRendered());
    });

    // One address flooding what cannot be kept, beside visitors from another, on a portal of
    // its own with the production limits: the flood keeps nothing and only spends its own allowance.
    const flood = await phase(`flood from one address (${3 * FLOOD_SECONDS} s and more)`, async () => {
      await whenQuiet('The flood run');
      return orWarn('the flood run', () => measureFloodOnItsOwnPortal());
    });

    // Last: the junk fills what the portal keeps; nothing measured after it would be of a fresh portal.
    const junk = await phase(`junk addresses (${JUNK_SECONDS} s)`, async () => {
      await whenQuiet('The junk run');
      return orWarn('the junk run', () => measureJunk(portal.url));
    });

    // Its own servers, after the portal's figures: the portal is idle meanwhile.
    const cluster = await phase('cluster (PostgreSQL, two instances, nginx)', async () => {
      await whenQuiet('The cluster run');
      return orWarn('the cluster run', () => measureCluster());
    });

    const durationSeconds = (performance.now() - startedAt) / 1000;
    if (durationSeconds > TIME_LIMIT_SECONDS)
      warnings.push(`The run took ${Math.round(durationSeconds)} s, over the ${TIME_LIMIT_SECONDS} s it must fit in.`);
    const results: Results = {
      machine,
      durationSeconds,
      phases,
      settings: { loadSeconds: LOAD_SECONDS, lighthouseRuns: LIGHTHOUSE_RUNS, searchQueries: SEARCH_QUERIES },
      files,
      routes,
      lighthouse,
      firstViews,
      search,
      chat,
      junk,
      flood,
      cluster,
      startup,
      rendered,
      keptPlain,
      warnings,
      table: [],
    };
    results.table = tableRows(results);

    writeJson('bench/results.json', results);
    writeBenchmarksMd('BENCHMARKS.md', results);
    console.log(`\n${summaryLine(results)}\n`);
    console.log(printTable(results.table));
    for (const warning of warnings) console.log(`\nwarning: ${warning}`);
    console.log('\nWritten: bench/results.json, BENCHMARKS.md');
  } finally {
    await portal.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
