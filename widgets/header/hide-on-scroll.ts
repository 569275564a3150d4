/** The header's scroll handling runs at most this often (SPEC §9). */
export const SCROLL_THROTTLE_MS = 200;

const FOLLOWING = Symbol.for('portal.header.scroll');

/**
 * Hides the header while the visitor scrolls down (its `data-hidden`, which its
 * styles follow) and shows it on the way up or at the top (SPEC §2), without the
 * framework: the loader starts it for the server's header, whose code waits for
 * the visitor's pointer, and the header's own code for one it renders itself.
 * Once per header, whoever asks. While its menu is open the page does not
 * scroll, so the header stays.
 */
export function hideOnScroll(host: HTMLElement & { [FOLLOWING]?: true }): void {
  if (host[FOLLOWING]) return;
  host[FOLLOWING] = true;
  let last = scrollY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const act = () => {
    const y = scrollY;
    // Back where it was (up and down again within a window): the header stays as it is.
    if (y !== last) host.toggleAttribute('data-hidden', y > last && y > host.offsetHeight);
    last = y;
  };
  // At the first scroll of a window and at its end, with where the page is then:
  // a turn within the window is seen, and the last state is never lost.
  const follow = () => {
    if (timer) return;
    act();
    timer = setTimeout(() => {
      timer = undefined;
      act();
    }, SCROLL_THROTTLE_MS);
  };
  addEventListener('scroll', follow, { passive: true });
}
