/**
 * Clicks on the portal's server-drawn elements made before any of its scripts
 * ran. On a slow network the header, the footer and the chat launcher are on the
 * screen a round trip before `portal.js` and `chat.js` arrive. The portal's pages
 * carry a one-line script before them (`EARLY_CLICK_KEEPER`, allowed by its CSP hash)
 * that keeps the path of each click through a `portal-*` element whose code is
 * not here yet; each script takes the clicks of the elements it answers for and
 * gives them again once they can answer. Pages of other sites have no keeper:
 * there the scripts simply find nothing kept.
 */
export const EARLY_CLICKS = 'portalEarlyClicks';

/** The keeper, inline in the head of the portal's pages, before their scripts. */
export const EARLY_CLICK_KEEPER = `self.${EARLY_CLICKS}=[];addEventListener("click",e=>{const p=e.composedPath();p.some(n=>/^portal-/.test(n.localName)&&!customElements.get(n.localName))&&self.${EARLY_CLICKS}.push(p)},true)`;

type KeptWindow = Window & { [EARLY_CLICKS]?: EventTarget[][] };

/**
 * The kept clicks that went through `element`. They stay in the list, which only
 * grows while elements wait for their code, by what a visitor taps meanwhile.
 */
export function earlyClicksThrough(element: Element): EventTarget[][] {
  // On a page without the keeper the name may be an element's id (`window.<id>`).
  const kept = (window as KeptWindow)[EARLY_CLICKS];
  return Array.isArray(kept) ? kept.filter((path) => path.includes(element)) : [];
}
