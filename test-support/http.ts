import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type RequestListener,
  type Server,
} from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import type { Express } from 'express';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Starts an app on a free loopback port: the portal's behind its fast lane (`listener`), as server.ts serves it. */
export async function listen(app: Express & { listener?: RequestListener }): Promise<{ server: Server; port: number }> {
  const server = createServer(app.listener ?? app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/**
 * Sends a request with the path exactly as given (no URL normalisation), so
 * malformed and hostile paths reach the server as an attacker would send them.
 */
export function request(
  port: number,
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
    signal,
    from,
  }: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    signal?: AbortSignal;
    /** The loopback address to send from (`127.0.0.2`): another visitor, as the server sees it. */
    from?: string;
  } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const sized = body === undefined ? headers : { 'Content-Length': String(Buffer.byteLength(body)), ...headers };
    const options = { host: '127.0.0.1', port, path, method, headers: sized, signal, localAddress: from };
    const req = httpRequest(options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Whether a new connection to `port` on the loopback is refused now (nothing listens). */
export const connectionRefused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
