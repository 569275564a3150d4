import { hostname, networkInterfaces } from 'node:os';

/** This machine's own names: loopback, its host name and its interfaces' addresses. */
function ownNames(): Set<string> {
  const names = new Set(['localhost', hostname().toLowerCase()]);
  for (const addresses of Object.values(networkInterfaces()))
    for (const { address, family } of addresses ?? []) names.add(family === 'IPv6' ? `[${address}]` : address);
  return names;
}

let names: Set<string> | undefined;

/**
 * Whether a `Host` header is this server's own address: one of the machine's
 * names (`localhost`, its host name, one of its addresses) with the port the
 * request came in on (or none). Anyone can write any Host header, so this is a
 * short list, not a pattern: the same names on other ports, or made-up
 * subdomains of `localhost`, are other hosts.
 */
export function isOwnHost(host: string, localPort: number | undefined): boolean {
  let url: URL;
  try {
    url = new URL(`http://${host}`);
  } catch {
    return false;
  }
  if (url.port !== '' && Number(url.port) !== localPort) return false;
  names ??= ownNames();
  return names.has(url.hostname);
}
