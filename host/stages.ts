import type { ErrorRequestHandler, Express, RequestHandler } from 'express';

/**
 * One step of the portal's app, in the order requests meet them: its name (for
 * a reader, and for the tests), the path prefix it is mounted at (`/`: every
 * request) and its handler. `get`: answers GET and HEAD at exactly that path
 * (Express's matching: any case, an optional final slash) instead of a prefix.
 */
export interface Stage {
  name: string;
  path: string;
  handle: RequestHandler | ErrorRequestHandler;
  get?: boolean;
}

/** Mounts the stages on the app, in their order. */
export function mountStages(app: Express, stages: readonly Stage[]): void {
  for (const { path, handle, get } of stages) {
    if (get) app.get(path, handle as RequestHandler);
    else app.use(path, handle);
  }
}
