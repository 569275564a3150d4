import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { BROWSER_ACCEPT_ENCODING } from './http';

/**
 * The junk client, run in its own process by bench/junk.ts: each request asks
 * for an address nobody asked for before (a random search word, a random `id`
 * on the home page), the cheapest way to make a server render and compress
 * without end. Prints autocannon's result as JSON.
 */

const [url, connections, seconds] = process.argv.slice(2);
const junk = () => randomBytes(6).toString('hex');
let count = 0;
const nextPath = () => (count++ % 2 === 0 ? `/searchRes?keyword=${junk()}` : `/?id=${junk()}`);

const result = await autocannon({
  url: url ?? '',
  connections: Number(connections),
  duration: Number(seconds),
  timeout: 3,
  headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
  requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }],
});
console.log(JSON.stringify(result));
