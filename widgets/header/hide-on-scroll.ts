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
  // At most once a window, at its end, with where the page is then: the last state is never lost.
  const follow = () => {
    if (!timer)
      timer = setTimeout(() => {
        timer = undefined;
        const y = scrollY;
        host.toggleAttribute('data-hidden', y > last && y > host.offsetHeight);
        last = y;
      }, SCROLL_THROTTLE_MS);
  };
  addEventListener('scroll', follow, { passive: true });
}
