import type { FirstView, PageBytes } from './bytes';
import type { ChatResult } from './chat';
import type { ClusterResult } from './cluster';
import type { BuiltFile } from './files';
import type { FloodResult } from './flood';
import type { JunkResult } from './junk';
import type { LighthouseResult } from './lighthouse';
import type { LoadResult } from './load';
import type { Machine } from './machine';
import type { BenchRoute, FirstViewRoute } from './routes';
import type { SearchResult } from './search';
import type { StartupResult } from './startup';

/** The portal beside the limit server at one connection count. */
export interface LoadComparison {
  portal: LoadResult;
  limit: LoadResult;
  /** Portal requests per second as a share of the limit's. */
  ratio: number;
}

/**
 * A page beside a limit server of its own at 100 connections, in one condition
 * (`rendered`: a portal with PAGE_CACHE=off; `plain`: a kept page asked for with no Accept-Encoding).
 */
export interface PageLoad {
  id: string;
  label: string;
  path: string;
  c100: LoadComparison;
}

export interface RouteResult extends BenchRoute {
  /** What the portal answered to a browser-like GET of `path`. */
  status: number;
  /** Set when the page or feature does not exist yet: its figures are then absent. */
  notBuilt?: string;
  bytes?: PageBytes;
  load?: { c10: LoadComparison; c100: LoadComparison };
  /** Lighthouse figures (runs before issue 33 measured three routes here; now `Results.lighthouse`). */
  browser?: LighthouseResult;
  /** Why a section has no figure for this route although it is built. */
  notes?: string[];
}

/** A page kind through Lighthouse (mobile): its figures, or why it has none. */
export interface LighthousePage extends FirstViewRoute {
  browser?: LighthouseResult;
  note?: string;
}

/** One line of the printed table (and of the table in BENCHMARKS.md). */
export interface Row {
  section: string;
  figure: string;
  value: string;
  target: string;
  /** The limit of the machine and the ratio to it, where there is one. */
  limit: string;
  status: '✓' | '✗' | '—';
}

export interface Results {
  machine: Machine;
  /** Wall-clock seconds of the whole run, the build included. */
  durationSeconds: number;
  /** Seconds per section. */
  phases: Record<string, number>;
  settings: { loadSeconds: number; lighthouseRuns: number; searchQueries: number };
  files: BuiltFile[];
  routes: RouteResult[];
  /** Every page kind through Lighthouse (absent in runs before issue 33: see `RouteResult.browser`). */
  lighthouse?: LighthousePage[];
  /** Every page kind's first anonymous view, desktop and phone (absent in runs before issue 33). */
  firstViews?: FirstView[];
  search: SearchResult;
  chat: ChatResult;
  /** Junk addresses beside a visitor (absent when the run failed: see the warnings). */
  junk?: JunkResult;
  /** Visitors beside one address flooding 404s and searches (absent when the run failed: see the warnings). */
  flood?: FloodResult;
  /** Two instances behind nginx beside one directly (absent when the run failed: see the warnings). */
  cluster?: ClusterResult;
  /** Start-up of the built server beside the start from source (absent when the run failed: see the warnings). */
  startup?: StartupResult;
  /** Pages rendered for each request (a second portal, PAGE_CACHE=off), each beside the bytes it sent (absent when the run failed). */
  rendered?: PageLoad[];
  /** Kept pages asked for with no Accept-Encoding (autocannon's default), beside the plain bytes (absent when the run failed). */
  keptPlain?: PageLoad[];
  warnings: string[];
  table: Row[];
}
