import type { Server } from 'node:http';

export interface GracefulStop {
  /** The listeners to close: asked when the stop begins, so the ones started by then are all there. */
  servers: () => readonly Server[];
  /** How long requests in flight may take before their connections are cut. */
  graceMs: number;
  /** Answers that never end by themselves (live streams): ended once the listeners stop accepting. */
  endStreams?: () => void;
  /** What to say to the operator. */
  log: (line: string) => void;
}

/** How often, while stopping, connections whose last answer went out are closed. */
const IDLE_SWEEP_MS = 50;

/**
 * Stops accepting connections on every listener, lets the requests in flight
 * finish (each connection closed once its answer is out, so keep-alive does
 * not hold it), and after `graceMs` cuts whatever is left. Resolves when every
 * listener has closed; `hurry` cuts at once (a second signal).
 */
export function stopGracefully({ servers, graceMs, endStreams, log }: GracefulStop): {
  closed: Promise<void>;
  hurry(): void;
} {
  const all = [...servers()];
  const closed = Promise.all(
    all.map(
      (server) =>
        new Promise<void>((resolve) => {
          // A request arriving on a connection opened before is the last on it.
          server.prependListener('request', (_req, res) => res.setHeader('Connection', 'close'));
          // Closing one that never listened answers at once with an error: nothing to wait for either way.
          server.close(() => resolve());
        }),
    ),
  ).then(() => undefined);
  endStreams?.();
  const sweep = setInterval(() => {
    for (const server of all) server.closeIdleConnections();
  }, IDLE_SWEEP_MS);
  const cut = () => {
    for (const server of all) server.closeAllConnections();
  };
  const deadline = setTimeout(() => {
    log(`Stopping: requests still open after ${graceMs} ms were cut`);
    cut();
  }, graceMs);
  void closed.then(() => {
    clearInterval(sweep);
    clearTimeout(deadline);
  });
  return { closed, hurry: cut };
}
