export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  /** Drops the pending call. */
  cancel(): void;
  /** Makes the pending call now, if there is one. */
  flush(): void;
}

export interface Throttled<A extends unknown[]> {
  (...args: A): void;
  /** Drops the pending trailing call and ends the current window. */
  cancel(): void;
}

type Timer = ReturnType<typeof setTimeout>;

/** Calls `fn` once calls have paused for `wait` ms, with the latest arguments. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, wait = 300): Debounced<A> {
  let timer: Timer | undefined;
  let pending: A | undefined;

  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  const flush = () => {
    const args = pending;
    cancel();
    if (args) fn(...args);
  };

  const debounced = (...args: A) => {
    pending = args;
    clearTimeout(timer);
    timer = setTimeout(flush, wait);
  };
  return Object.assign(debounced, { cancel, flush });
}

/**
 * Calls `fn` at once, then at most once per `wait` ms: calls inside a window are
 * folded into one at its end, with the latest arguments, so the last state is never lost.
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, wait: number): Throttled<A> {
  let timer: Timer | undefined;
  let pending: A | undefined;

  const endWindow = () => {
    timer = undefined;
    const args = pending;
    pending = undefined;
    // The trailing call opens a window of its own, so calls right after it wait too.
    if (args) throttled(...args);
  };

  const throttled = (...args: A) => {
    if (timer !== undefined) {
      pending = args;
      return;
    }
    timer = setTimeout(endWindow, wait);
    fn(...args);
  };

  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return Object.assign(throttled, { cancel });
}
