import { type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';

export interface ServerEvent {
  id?: string;
  event: string;
  data: unknown;
}

/** A Server-Sent Events stream read as a real client reads it, event by event. */
export interface TestEventStream {
  response: IncomingMessage;
  events: ServerEvent[];
  /** Resolves with the first event (seen or coming) that matches; fails after `timeoutMs`. */
  waitFor(match: (event: ServerEvent) => boolean, timeoutMs?: number): Promise<ServerEvent>;
  close(): void;
}

export function openEventStream(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<TestEventStream>((resolve, reject) => {
    let req: ClientRequest | undefined;
    const events: ServerEvent[] = [];
    const waiters = new Set<() => void>();
    req = httpRequest({ host: '127.0.0.1', port, path, headers }, (response) => {
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => line && !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
          );
          if (fields.data !== undefined)
            events.push({ id: fields.id, event: fields.event ?? 'message', data: JSON.parse(fields.data) });
          for (const wake of waiters) wake();
          end = buffer.indexOf('\n\n');
        }
      });
      resolve({
        response,
        events,
        waitFor(match, timeoutMs = 3000) {
          return new Promise((found, fail) => {
            const check = () => {
              const event = events.find(match);
              if (!event) return;
              waiters.delete(check);
              clearTimeout(timer);
              found(event);
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        },
        close: () => req?.destroy(),
      });
    });
    req.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
    req.end();
  });
}
