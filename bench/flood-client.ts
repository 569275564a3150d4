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
net.connect = ((...args: Parameters<typeof net.connect>) =>
  typeof args[0] === 'number' && typeof args[1] === 'string'
    ? connect({ port: args[0], host: args[1], localAddress: from })
    : connect(...args)) as typeof net.connect;

const junk = () => randomBytes(6).toString('hex');
const paths: Record<FloodKind, () => string> = {
  visitor: () => '/',
  'not-found': () => `/${junk()}`,
  search: () => `/api/search?keyword=${junk()}`,
};
const nextPath = paths[kind as FloodKind] ?? paths.visitor;

// `overallRate` (requests per second over all connections; none: as fast as answered) is
// beyond the options types/autocannon.d.ts declares, so the options are not a literal.
const options = {
  url,
  connections: Number(connections),
  duration: Number(seconds),
  overallRate: Number(rate) || undefined,
  timeout: 3,
  headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
  requests: [{ setupRequest: (request: { path?: string }) => ({ ...request, path: nextPath() }) }],
};
console.log(JSON.stringify(await autocannon(options)));
