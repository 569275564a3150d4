import { randomBytes } from 'node:crypto';
import net from 'node:net';
import autocannon from 'autocannon';
import { BROWSER_ACCEPT_ENCODING } from './http';

/**
 * One client of the flood run, in its own process (bench/flood.ts), sending from
 * its own loopback address, so the portal sees the flood and the visitors as
 * two addresses: `visitor` asks for `/` at a steady rate; `not-found` floods
 * never-seen unknown addresses, `search` never-seen words of the search API, as
 * fast as they are answered. Prints autocannon's result as JSON.
 */

export type FloodKind = 'visitor' | 'not-found' | 'search';

const [url = '', kind = 'visitor', from = '127.0.0.1', connections = '10', seconds = '5', rate = '0'] =
  process.argv.slice(2);

// autocannon has no source-address option: its connections are made with net.connect(port, host).
const connect = net.connect;
let bound = 0;
net.connect = ((...args: Parameters<typeof net.connect>) => {
  if ((typeof args[0] !== 'number' && typeof args[0] !== 'string') || typeof args[1] !== 'string')
    return connect(...args);
  bound++;
  return connect({ port: Number(args[0]), host: args[1], localAddress: from });
}) as typeof net.connect;

const junk = () => randomBytes(6).toString('hex');
const paths: Record<FloodKind, () => string> = {
  visitor: () => '/',
  'not-found': () => `/${junk()}`,
  search: () => `/api/search?keyword=${junk()}`,
};
const nextPath = paths[kind as FloodKind] ?? paths.visitor;

// `overallRate` (requests per second over all connections; none: as fast as answered) is
// beyond the options types/autocannon.d.ts declares, so the options are not a literal.
// A flood with no set end (`seconds` 0) runs until the bench has measured beside it (SIGTERM).
const options = {
  url,
  connections: Number(connections),
  duration: Number(seconds) || 600,
  overallRate: Number(rate) || undefined,
  timeout: 3,
  headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
  requests: [{ setupRequest: (request: { path?: string }) => ({ ...request, path: nextPath() }) }],
};
const run = autocannon(options) as ReturnType<typeof autocannon> & { stop(): void };
process.once('SIGTERM', () => run.stop());
const result = await run;
// Measured from the wrong address, the figures would say nothing about per-address limits.
if (bound === 0) throw new Error(`the ${kind} client's connections were not made from ${from}`);
console.log(JSON.stringify(result));
