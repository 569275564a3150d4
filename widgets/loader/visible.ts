/** Visible means within this distance of the viewport: the code arrives before the element does. */
const VISIBLE_MARGIN = '300px';

/**
 * For `load-on="visible"` (deferred.ts): calls `start` once the element comes
 * near the viewport. Fetched only by pages with such an element.
 */
export function whenVisible(element: Element, start: () => unknown): IntersectionObserver {
  const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), {
    rootMargin: VISIBLE_MARGIN,
  });
  observer.observe(element);
  return observer;
}
