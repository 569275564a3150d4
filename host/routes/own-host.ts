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
 * Whether a `Host` header names this machine itself (any port): `localhost` and
 * `*.localhost`, its host name, or one of its addresses. Only someone on the
 * machine or its network reaches it so, whatever other hosts are asked for.
 */
export function isOwnHost(host: string): boolean {
  let name: string;
  try {
    name = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  names ??= ownNames();
  return names.has(name) || name.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(name);
}
