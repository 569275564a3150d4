import { WIDTHS } from './pages';

/** One screenshot as the run took it, and what it noticed on the page. */
export interface Shot {
  page: string;
  title: string;
  address: string;
  width: number;
  scheme: 'light' | 'dark';
  /** Null when the page could not be shot. */
  file: string | null;
  status: number | null;
  /** Script errors, failed requests, a page wider than the screen. */
  problems: string[];
  /** Against an earlier run (`SHOTS_BEFORE`): its file, and whether the pixels' file differs. */
  before?: { file: string; changed: boolean } | null;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

function figure(shot: Shot | undefined, width: number): string {
  if (!shot) return `<figure class="none"><figcaption>${width}px: —</figcaption></figure>`;
  const before = shot.before
    ? shot.before.changed
      ? ` <a class="changed" href="${escapeHtml(shot.before.file)}">changed (before)</a>`
      : ' <span class="same">unchanged</span>'
    : shot.before === null
      ? ' <span class="changed">new</span>'
      : '';
  const problems = shot.problems.map((p) => `<li>${escapeHtml(p)}</li>`).join('');
  const image = shot.file
    ? `<a href="${escapeHtml(shot.file)}"><img src="${escapeHtml(shot.file)}" alt="${escapeHtml(shot.title)}, ${width}px" loading="lazy"></a>`
    : '<p class="failed">not shot</p>';
  return `<figure>${image}<figcaption>${width}px${shot.status && shot.status !== 200 ? ` · HTTP ${shot.status}` : ''}${before}${problems ? `<ul>${problems}</ul>` : ''}</figcaption></figure>`;
}

/** The page to look through a run: by page, the widths side by side, light above dark. */
export function indexPage(shots: Shot[], startedAt: Date): string {
  const pages = [...new Set(shots.map((shot) => shot.page))];
  const sections = pages.map((page) => {
    const ofPage = shots.filter((shot) => shot.page === page);
    const first = ofPage[0] as Shot;
    const rows = (['light', 'dark'] as const)
      .filter((scheme) => ofPage.some((shot) => shot.scheme === scheme))
      .map((scheme) => {
        const cells = WIDTHS.map(({ width }) =>
          figure(
            ofPage.find((shot) => shot.scheme === scheme && shot.width === width),
            width,
          ),
        );
        return `<div class="row" data-scheme="${scheme}">${cells.join('')}</div>`;
      });
    const flagged = ofPage.some((shot) => shot.problems.length || !shot.file) ? ' <span class="failed">!</span>' : '';
    return `<section id="${escapeHtml(page)}"><h2><a href="#${escapeHtml(page)}">${escapeHtml(first.title)}</a>${flagged}</h2><p class="address">${escapeHtml(first.address)}</p>${rows.join('')}</section>`;
  });
  const nav = pages.map((page) => `<a href="#${escapeHtml(page)}">${escapeHtml(page)}</a>`).join(' ');
  return `<!doctype html>
<html lang="zh-CN">
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Screenshots ${startedAt.toISOString()}</title>
<style>
  body { font: 14px/1.5 system-ui, sans-serif; margin: 0 24px 48px; background: #f2f3f5; color: #1d2129; }
  nav { position: sticky; top: 0; background: #f2f3f5; padding: 8px 0; border-bottom: 1px solid #c9cdd4; z-index: 1; }
  nav a { margin-right: 8px; white-space: nowrap; }
  section { scroll-margin-top: 96px; }
  h2 { margin: 32px 0 0; font-size: 18px; }
  .address { margin: 0 0 8px; color: #4e5969; font-family: monospace; }
  .row { display: grid; grid-template-columns: 390fr 1024fr 1440fr; gap: 16px; align-items: start; margin-bottom: 16px; }
  .row[data-scheme="dark"] { background: #1d2129; padding: 8px; color: #f2f3f5; }
  figure { margin: 0; }
  img { width: 100%; height: auto; border: 1px solid #c9cdd4; background: #fff; }
  figcaption ul { margin: 4px 0; padding-left: 18px; color: #cb2634; }
  .failed, .changed { color: #cb2634; font-weight: 600; }
  .same { color: #00864e; }
</style>
<h1>Screenshots</h1>
<p>${startedAt.toISOString()} · ${shots.length} shots · ${shots.filter((s) => s.problems.length).length} with problems</p>
<nav>${nav}</nav>
${sections.join('\n')}
</html>
`;
}
