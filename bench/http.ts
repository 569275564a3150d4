import { type Agent, request } from 'node:http';

/** What browsers send; autocannon and Node send no Accept-Encoding unless told. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  /** The body exactly as it came over the wire (still compressed). */
  body: Buffer;
}

/**
 * GET without decoding: `fetch` would decompress and hide the bytes we measure.
 * Only loopback addresses are ever passed here.
 */
export function getRaw(url: string, headers: Record<string, string> = {}, agent?: Agent): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const flat: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers))
          if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
        resolve({ status: res.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(15_000, () => req.destroy(new Error(`timeout: ${url}`)));
    req.end();
  });
}
