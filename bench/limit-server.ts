import { type ChildProcess, fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { RawResponse } from './http';

/**
 * The limit of the machine: a bare `node:http` server that answers each path with
 * the exact bytes the portal sent for it (status, headers, compressed body), from
 * memory. It runs in its own process, like the portal, so both get the same CPU.
 */

interface Captured {
  path: string;
  status: number;
  headers: Record<string, string>;
  body: string; // base64: IPC messages are JSON
}

/** Framing headers are the server's own business; every other header is replayed as sent. */
const FRAMING = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

function serve(responses: Captured[]): Promise<number> {
  const byPath = new Map(
    responses.map((response) => {
      const body = Buffer.from(response.body, 'base64');
      const headers: Record<string, string | number> = { 'content-length': body.length };
      for (const [name, value] of Object.entries(response.headers)) if (!FRAMING.has(name)) headers[name] = value;
      return [response.path, { status: response.status, headers, body }] as const;
    }),
  );
  const server = createServer((req, res) => {
    const response = byPath.get(req.url ?? '');
    if (!response) return void res.writeHead(404).end();
    res.writeHead(response.status, response.headers).end(response.body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.once('message', async (responses: Captured[]) => process.send?.({ port: await serve(responses) }));
}

export interface LimitServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts the limit server in a child process, loaded with the portal's responses by path. */
export function startLimitServer(responses: Map<string, RawResponse>): Promise<LimitServer> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const captured: Captured[] = [...responses].map(([path, response]) => ({
    path,
    status: response.status,
    headers: response.headers,
    body: response.body.toString('base64'),
  }));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`limit server exited with ${code}`)));
    child.once('message', (message: { port: number }) =>
      resolve({
        url: `http://127.0.0.1:${message.port}`,
        async stop() {
          child.removeAllListeners('exit');
          child.kill('SIGTERM');
          await new Promise((done) => child.once('exit', done));
        },
      }),
    );
    child.send(captured);
  });
}
