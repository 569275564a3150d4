import type { KindTotals } from './bytes';
import { type ClientResult, FLOOD_CONNECTIONS, FLOOD_FROM, VISITORS_FROM } from './flood';
import { bytes, count, ms, percent, perSecond, seconds, wholeMs } from './format';
import { LOAD_SECONDS } from './load';
import type { LighthousePage, LoadComparison, PageLoad, Results, RouteResult, Row } from './results';
import { TARGETS } from './targets';

/** Turns the measurements into the table's rows: each figure beside its target and the limit. */

type Status = Row['status'];
const check = (ok: boolean): Status => (ok ? '✓' : '✗');
const row = (section: string, figure: string, value: string, target = '—', limit = '—', status: Status = '—'): Row => ({
  section,
  figure,
  value,
  target,
  limit,
  status,
});

function fileRows(results: Results): Row[] {
  return results.files.map((file) =>
    row(
      'Bytes: built files',
      file.file,
      `${bytes(file.raw)} raw · ${bytes(file.gzip)} gzip · ${bytes(file.brotli)} br`,
    ),
  );
}

/** Received (as negotiated, brotli here) and, for the targets, gzip; `total` counts every response with its headers. */
function kindCell(name: string, totals: KindTotals): string {
  if (totals.files === 0) return `${name} none`;
  return `${name} ${bytes(totals.encoded)} (${bytes(totals.gzip)} gzip, ${count(totals.files, 'file')})`;
}

function byteRows(route: RouteResult): Row[] {
  const section = 'Bytes: per route (Chromium, first visit, as received)';
  if (!route.bytes) return [row(section, route.label, route.notBuilt ?? 'not measured')];
  const { html, js, css, transferred } = route.bytes;
  const value = [
    `HTML ${bytes(html.encoded)}`,
    kindCell('JS', js),
    kindCell('CSS', css),
    `total ${bytes(transferred)}`,
  ];
  const isHome = route.id === 'home';
  const rows = [
    row(
      section,
      route.label,
      value.join(' · '),
      isHome ? `JS ≤ ${bytes(TARGETS.homeJsGzip)} gzip` : '—',
      '—',
      isHome ? check(js.gzip <= TARGETS.homeJsGzip) : '—',
    ),
  ];
  // The partner page exists (the bench serves it) even while the chat it embeds does not.
  if (route.notBuilt) rows.push(row(section, `${route.label}: chat`, route.notBuilt));
  return rows;
}

function loadCell(result: LoadComparison['portal']) {
  const failures = result.non2xx + result.errors;
  const warn = failures ? ` · ${failures} non-2xx/errors` : '';
  return `${perSecond(result.requestsPerSecond)} · p50 ${wholeMs(result.p50)} · p99 ${wholeMs(result.p99)}${warn}`;
}

function loadRows(route: RouteResult): Row[] {
  const section = `Server: requests/s, p50, p99 (autocannon ${LOAD_SECONDS} s, browser Accept-Encoding; limit = bare node:http)`;
  if (!route.load) return [row(section, route.label, route.notBuilt ?? route.notes?.join('; ') ?? 'not measured')];
  const what = route.kind === 'page' ? route.label : `${route.label}: ${route.path}`;
  return (['c10', 'c100'] as const).map((key) => {
    const comparison = route.load![key];
    const hasTarget = key === 'c100' && route.kind === 'page';
    return row(
      section,
      `${what} @ ${comparison.portal.connections} conn`,
      loadCell(comparison.portal),
      hasTarget ? `≥ ${percent(TARGETS.keptShareOfLimit)} of limit` : '—',
      `${loadCell(comparison.limit)} → ${percent(comparison.ratio)}`,
      hasTarget ? check(comparison.ratio >= TARGETS.keptShareOfLimit) : '—',
    );
  });
}

/** Pages in one condition (`PageLoad`), each beside its own limit at 100 connections, against a share of it. */
function pageLoadRows(section: string, loads: PageLoad[] | undefined, share: number): Row[] {
  if (!loads) return [row(section, 'pages', 'not measured: see the warnings')];
  return loads.map(({ label, c100 }) =>
    row(
      section,
      `${label} @ ${c100.portal.connections} conn`,
      loadCell(c100.portal),
      `≥ ${percent(share)} of limit`,
      `${loadCell(c100.limit)} → ${percent(c100.ratio)}`,
      check(c100.ratio >= share),
    ),
  );
}

const renderedRows = (results: Results) =>
  pageLoadRows(
    `Server: pages not kept (a portal with PAGE_CACHE=off, every request rendered; autocannon ${LOAD_SECONDS} s, browser Accept-Encoding; limit = bare node:http)`,
    results.rendered,
    TARGETS.renderedShareOfLimit,
  );

const keptPlainRows = (results: Results) =>
  pageLoadRows(
    `Server: kept pages, no Accept-Encoding asked for (autocannon's default; ${LOAD_SECONDS} s; limit = bare node:http sending the plain bytes)`,
    results.keptPlain,
    TARGETS.keptShareOfLimit,
  );

function lighthouseRows(page: LighthousePage): Row[] {
  const section = 'Browser (Lighthouse, mobile, median of 3)';
  if (!page.browser) return [row(section, page.label, page.note ?? 'not measured')];
  const { scores, lcp, tbt, cls, failing } = page.browser;
  const all = [scores.performance, scores.accessibility, scores['best-practices'], scores.seo];
  // A page kept out of search engines on purpose fails SEO's indexing audit by design.
  const counted = page.noindex ? all.slice(0, 3) : all;
  const perfect = TARGETS.lighthouseScore;
  return [
    row(
      section,
      `${page.label}: perf / a11y / best practices / SEO`,
      `${all.join(' / ')}${failing.length ? ` (missed: ${failing.join(', ')})` : ''}`,
      page.noindex ? `${perfect} in the first three (noindex)` : `${perfect} in all four`,
      '—',
      check(counted.every((score) => score >= perfect)),
    ),
    row(
      section,
      `${page.label}: LCP · TBT · CLS`,
      `${seconds(lcp)} · ${ms(tbt)} · ${cls.toFixed(3)}`,
      `≤ ${seconds(TARGETS.lighthouseLcpMs)} · ≤ ${ms(TARGETS.lighthouseTbtMs)} · ${TARGETS.cls}`,
      '—',
      check(lcp <= TARGETS.lighthouseLcpMs && tbt <= TARGETS.lighthouseTbtMs && cls <= TARGETS.cls),
    ),
  ];
}

/** Runs before issue 33 kept Lighthouse's figures on three load routes. */
const lighthousePages = (results: Results): LighthousePage[] =>
  results.lighthouse ??
  results.routes.filter((route) => route.browser).map(({ id, label, path, browser }) => ({ id, label, path, browser }));

function searchRows(results: Results): Row[] {
  const section = 'Search (portal API, seeded data)';
  const search = results.search;
  if (!search.built) return [row(section, 'median · p99', search.note)];
  const failures = search.failures ? ` · ${search.failures} not 200` : '';
  return [
    row(
      section,
      `median · p99 of ${search.queries} queries`,
      `${ms(search.median)} · ${ms(search.p99)}${failures}`,
      `p99 ≤ ${TARGETS.searchP99Ms} ms`,
      '—',
      check(search.p99 <= TARGETS.searchP99Ms && search.failures === 0),
    ),
  ];
}

function chatRows(results: Results): Row[] {
  const section = 'Chat embed (partner page, from the portal)';
  const { before, after, note } = results.chat;
  const rows: Row[] = [];
  const target = `≤ ${bytes(TARGETS.chatBeforeGzip)} gzip`;
  if (before) {
    const value = `${bytes(before.gzip)} gzip · ${bytes(before.encoded)} received (${count(before.files, 'file')})`;
    rows.push(row(section, 'before opening', value, target, '—', check(before.gzip <= TARGETS.chatBeforeGzip)));
  } else rows.push(row(section, 'before opening', note ?? 'not measured', target));
  if (after) {
    const value = `${bytes(after.gzip)} gzip · ${bytes(after.encoded)} received (${count(after.files, 'file')})`;
    rows.push(row(section, 'after opening', value));
  } else rows.push(row(section, 'after opening', note ?? 'not measured'));
  return rows;
}

function firstViewRows(results: Results): Row[] {
  const section =
    'Bytes: first anonymous view, JavaScript until the visitor acts (each script gzip -6, inline included)';
  const target = `≤ ${bytes(TARGETS.firstViewJsGzip)} gzip, no framework`;
  return (results.firstViews ?? []).map((view) => {
    const framework = view.framework ? ' · runtime/stores fetched' : '';
    const value = `${bytes(view.jsGzip)} gzip (${count(view.scripts.length, 'file')}, inline ${bytes(view.inlineGzip)})${framework}`;
    const met = view.status < 400 && view.jsGzip <= TARGETS.firstViewJsGzip && !view.framework;
    return row(section, `${view.label} (${view.device})`, value, target, '—', check(met));
  });
}

function junkRows(results: Results): Row[] {
  const section = 'Junk addresses (100 connections, a new address each request)';
  const junk = results.junk;
  if (!junk) return [row(section, 'answers · visitor', 'not measured: see the warnings')];
  const statuses = Object.entries(junk.junk.statuses)
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');
  const lost = junk.junk.timeouts + junk.junk.errors;
  return [
    row(
      section,
      'junk answered',
      `${perSecond(junk.junk.requestsPerSecond)} · p99 ${wholeMs(junk.junk.p99)} · ${lost} time-outs or errors (${statuses})`,
      `≥ ${TARGETS.junkPerSecond}/s, 0 time-outs`,
      '—',
      check(junk.junk.requestsPerSecond >= TARGETS.junkPerSecond && lost === 0),
    ),
    row(
      section,
      'a visitor’s / meanwhile',
      `p50 ${wholeMs(junk.visitor.p50)} · p99 ${wholeMs(junk.visitor.p99)} · ${perSecond(junk.visitor.requestsPerSecond)}`,
      `p99 ≤ ${TARGETS.junkVisitorP99Ms} ms`,
      '—',
      check(junk.visitor.p99 <= TARGETS.junkVisitorP99Ms && junk.visitor.errors === 0),
    ),
  ];
}

const FLOODS = { 'not-found': 'junk 404s', search: 'search API calls' } as const;

function floodRows(results: Results): Row[] {
  const section = `Flood from one address (${FLOOD_FROM}, ${FLOOD_CONNECTIONS} connections) beside visitors (${VISITORS_FROM}, / at a steady rate)`;
  const flood = results.flood;
  if (!flood) return [row(section, 'visitors’ / idle · during floods', 'not measured: see the warnings')];
  const visitorsCell = (result: ClientResult) =>
    `p50 ${wholeMs(result.p50)} · p99 ${wholeMs(result.p99)} · ${perSecond(result.requestsPerSecond)}${result.lost ? ` · ${result.lost} lost` : ''}`;
  const limit = TARGETS.floodVisitorP99Ratio;
  // autocannon's latencies are whole milliseconds: an idle p99 under 1 ms counts as 1.
  const bound = Math.max(1, flood.idle.p99) * limit;
  return [
    row(section, 'visitors’ / idle', visitorsCell(flood.idle)),
    ...flood.during.map(({ kind, visitors, flood: sent }) => {
      const answered = Object.entries(sent.statuses)
        .map(([status, n]) => `${status}: ${n}`)
        .join(', ');
      return row(
        section,
        `visitors’ / during a flood of ${FLOODS[kind]}`,
        `${visitorsCell(visitors)} (flood ${perSecond(sent.requestsPerSecond)}: ${answered})`,
        `p99 ≤ ${limit}× idle (${wholeMs(bound)})`,
        '—',
        check(visitors.p99 <= bound && visitors.lost === 0),
      );
    }),
  ];
}

function clusterRows(results: Results): Row[] {
  const cluster = results.cluster;
  const section = `Cluster (PostgreSQL, two instances, nginx; ${cluster?.connections ?? 100} connections)`;
  if (!cluster) return [row(section, 'through nginx · one instance', 'not measured: see the warnings')];
  const cell = (result: typeof cluster.nginx) =>
    `${perSecond(result.requestsPerSecond)} · p50 ${wholeMs(result.p50)} · p99 ${wholeMs(result.p99)} · ${result.non2xx + result.errors} failed`;
  return [
    row(
      section,
      `${cluster.path} through nginx`,
      cell(cluster.nginx),
      '0 failed',
      `${percent(cluster.nginx.requestsPerSecond / cluster.direct.requestsPerSecond)} of one instance directly`,
      check(cluster.nginx.non2xx + cluster.nginx.errors === 0),
    ),
    row(section, `${cluster.path}, one instance directly`, cell(cluster.direct)),
  ];
}

function startupRows(results: Results): Row[] {
  const section = `Start-up (process start to the first 200; median of ${results.startup?.runs ?? 0} runs; RSS once / answered)`;
  const startup = results.startup;
  if (!startup) return [row(section, 'node dist/server.js', 'not measured: see the warnings')];
  const cell = (figures: typeof startup.built.warm) =>
    `/healthz ${wholeMs(figures.healthzMs)} · / ${wholeMs(figures.homeMs)} · RSS ${Math.round(figures.rssMiB)} MiB`;
  const target = `/healthz ≤ ${wholeMs(TARGETS.startWarmMs)}`;
  return [
    row(
      section,
      'node dist/server.js, warm (data folder used before)',
      cell(startup.built.warm),
      target,
      `from source (tsx): ${cell(startup.source.warm)}`,
      check(startup.built.warm.healthzMs <= TARGETS.startWarmMs),
    ),
    row(
      section,
      'node dist/server.js, cold (fresh data folder: made and seeded)',
      cell(startup.built.cold),
      '—',
      `from source (tsx): ${cell(startup.source.cold)}`,
    ),
  ];
}

export function tableRows(results: Results): Row[] {
  return [
    ...fileRows(results),
    ...startupRows(results),
    ...results.routes.flatMap(byteRows),
    ...firstViewRows(results),
    ...results.routes.flatMap(loadRows),
    ...keptPlainRows(results),
    ...renderedRows(results),
    ...lighthousePages(results).flatMap(lighthouseRows),
    ...searchRows(results),
    ...chatRows(results),
    ...junkRows(results),
    ...floodRows(results),
    ...clusterRows(results),
  ];
}
