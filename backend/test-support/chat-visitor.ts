import { request as httpRequest } from 'node:http';

/** A visitor id as the chat service at `origin` issues one to a browser (ids are signed: none can be made up). */
export async function issuedVisitor(origin: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(`${origin}/api/chat/visitors`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: '{}',
  });
  const body = (await response.json()) as { result?: { visitor?: string } };
  if (!response.ok || !body.result?.visitor) throw new Error(`no visitor id: HTTP ${response.status}`);
  return body.result.visitor;
}

/** Opens a chat stream through `url` from the loopback address `from`: its status once the head came, the socket held. */
export function heldStream(url: string, visitor: string, from: string, held: Array<() => void>) {
  const { hostname, port } = new URL(url);
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      { host: hostname, port, path: '/api/chat/events', headers: { 'X-Chat-Visitor': visitor }, localAddress: from },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end();
    held.push(() => req.destroy());
  });
}

/** A visitor id issued through `url` to the loopback address `from` (each address has its own allowance of ids). */
export function visitorFrom(url: string, from: string) {
  const { hostname, port } = new URL(url);
  return new Promise<string>((resolve, reject) => {
    const req = httpRequest(
      {
        host: hostname,
        port,
        method: 'POST',
        path: '/api/chat/visitors',
        headers: { 'Content-Type': 'application/json' },
        localAddress: from,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => {
          const visitor = response.statusCode === 200 ? JSON.parse(body).result?.visitor : undefined;
          if (visitor) resolve(visitor);
          else reject(new Error(`no visitor id for ${from}: ${response.statusCode} ${body}`));
        });
      },
    );
    req.on('error', reject);
    req.end('{}');
  });
}
