/**
 * The product's speed promises (issue 10). A missed target is fixed by making
 * the product faster, never by changing a number here.
 */
export const TARGETS = {
  /** JavaScript the home page downloads, gzip. */
  homeJsGzip: 20 * 1024,
  /**
   * JavaScript of a first anonymous view of every page kind, desktop and phone,
   * until the visitor acts (issue 33): every script the page and its frames
   * fetch, each gzip -6, plus its inline scripts that run (not JSON data), gzip.
   */
  firstViewJsGzip: 5 * 1024,
  /** What a partner page with the one-tag chat loads from the portal before the chat is opened, gzip. */
  chatBeforeGzip: 5 * 1024,
  /** A kept page at 100 connections, as a share of a bare node:http server sending the same bytes (issue 33: with and without compression asked for). */
  keptShareOfLimit: 0.95,
  /** A page rendered for its request (PAGE_CACHE=off) at 100 connections, as a share of a bare node:http server sending the same bytes (issue 33). */
  renderedShareOfLimit: 0.25,
  /** Every Lighthouse category (mobile); SEO not on pages kept out of search engines on purpose. */
  lighthouseScore: 100,
  /** Lighthouse (mobile) largest contentful paint, median of its runs, ms (issue 33). */
  lighthouseLcpMs: 1100,
  /** Lighthouse (mobile) total blocking time, median of its runs, ms (issue 33). */
  lighthouseTbtMs: 10,
  /** Cumulative layout shift. */
  cls: 0,
  /** Search API latency, 99th percentile, ms. */
  searchP99Ms: 20,
  /** Answers per second to 100 connections of never-seen addresses (issue 20), with no time-out. */
  junkPerSecond: 500,
  /** A visitor's home page meanwhile, 99th percentile, ms. */
  junkVisitorP99Ms: 100,
  /** Visitors' home page while one other address floods what cannot be kept, at most this times their p99 idle. */
  floodVisitorP99Ratio: 2,
  /** Production start on a data folder used before: process start to the first 200 on /healthz, ms (issue 28). */
  startWarmMs: 1000,
} as const;
