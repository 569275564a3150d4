import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/**
 * A request as bytes on the wire: any method, any target (NUL, controls,
 * backslashes, raw unicode) and any header, which Node's own client refuses to
 * send. Framing stays honest (a correct Content-Length, `Connection: close`), so
 * a slow answer is the server's and not a body it still waits for.
 */
export interface RawRequest {
  method: string;
  target: string;
  headers: ReadonlyArray<readonly [string, string]>;
  body?: string | Buffer;
}

export interface RawAnswer {
  status: number;
  /** Header names in lower case; repeated headers joined with `, ` (Set-Cookie: a line each). */
  headers: Record<string, string>;
  /** The body, decoded (gzip, br, deflate) and read as UTF-8; empty for an event stream. */
  body: string;
  ms: number;
}

/** Why a request got no answer: too slow (a hang), or the connection ended without one. */
export class NoAnswer extends Error {
  constructor(
    readonly kind: 'hang' | 'dropped',
    message: string,
  ) {
    super(message);
  }
}

/** The request's bytes, as a reproduction can quote them. */
export function wire(request: RawRequest): Buffer {
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  const lines = [`${request.method} ${request.target} HTTP/1.1`];
  for (const [name, value] of request.headers) lines.push(`${name}: ${value}`);
  if (body) lines.push(`Content-Length: ${body.length}`);
  lines.push('Connection: close', '', '');
  const head = Buffer.from(lines.join('\r\n'), 'utf8');
  return body ? Buffer.concat([head, body]) : head;
}

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
    if (!(size > 0)) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function decode(body: Buffer, encoding: string | undefined): string {
  if (body.length === 0) return '';
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'deflate') return inflateSync(body).toString('utf8');
  return body.toString('utf8');
}

function parse(received: Buffer, method: string, started: number): RawAnswer | undefined {
  let bytes = received;
  // `100 Continue` (an `Expect` the server honours) comes before the answer.
  while (/^HTTP\/1\.[01] 1\d\d /.test(bytes.subarray(0, 13).toString('latin1')) && bytes.includes('\r\n\r\n'))
    bytes = bytes.subarray(bytes.indexOf('\r\n\r\n') + 4);
  const headEnd = bytes.indexOf('\r\n\r\n');
  if (headEnd < 0) return undefined;
  const [statusLine = '', ...lines] = bytes.subarray(0, headEnd).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    // Cookies' dates have commas: repeated Set-Cookie headers are kept a line each.
    const separator = name === 'set-cookie' ? '\n' : ', ';
    headers[name] = headers[name] === undefined ? value : `${headers[name]}${separator}${value}`;
  }
  let body = bytes.subarray(headEnd + 4);
  if (method === 'HEAD' || status === 204 || status === 304) body = Buffer.alloc(0);
  else if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = dechunk(body);
  // A part (206) of a compressed file is a part of the compressed bytes: no decoder reads it alone.
  const text = headers['content-type']?.startsWith('text/event-stream')
    ? ''
    : status === 206
      ? body.toString('latin1')
      : decode(body, headers['content-encoding']?.toLowerCase());
  return { status, headers, body: text, ms: Date.now() - started };
}

/** The head of an answer that is an event stream, complete. */
const EVENT_STREAM_HEAD = /\r\ncontent-type: text\/event-stream[^\r]*\r\n(?:[^\r]+\r\n)*\r\n/i;

/**
 * Sends one request to 127.0.0.1:`port` and reads the whole answer, or its head
 * alone for an event stream (which never ends). Rejects with `NoAnswer` after
 * `timeoutMs` or when the connection closes without an answer.
 */
export function rawRequest(port: number, request: RawRequest, timeoutMs = 3000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const chunks: Buffer[] = [];
    const socket = connect({ port, host: '127.0.0.1' });
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) return reject(error);
      try {
        const answer = parse(Buffer.concat(chunks), request.method, started);
        if (answer) resolve(answer);
        else reject(new NoAnswer('dropped', 'the connection closed without an answer'));
      } catch (cause) {
        reject(new Error(`the answer could not be decoded: ${(cause as Error).message}`));
      }
    };
    const timer = setTimeout(
      () => finish(new NoAnswer('hang', `no complete answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // An event stream stays open: its head is the answer.
      if (EVENT_STREAM_HEAD.test(Buffer.concat(chunks).toString('latin1'))) finish();
    });
    socket.on('end', () => finish());
    // A server that answers before reading a body (413, 415) may reset the connection while it is sent.
    socket.on('error', () => finish());
    socket.write(wire(request));
  });
}
