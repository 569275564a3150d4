import { existsSync, readdirSync } from 'node:fs';
import type { Site } from './endpoints';
import type { FuzzCase } from './fuzz-requests';

/** A built chunk (the widgets the server serves, `WIDGETS_DIR`'s default). */
export const BUILT_CHUNKS = existsSync('dist/widgets/chunks')
  ? readdirSync('dist/widgets/chunks').filter((name) => name.endsWith('.js'))
  : [];

const known = (site: Site, endpoint: string, method: string, target: string, headers: Array<[string, string]>) => ({
  site,
  endpoint,
  request: { method, target, headers },
});

const withBody = (fuzz: FuzzCase, body: string): FuzzCase => ({ ...fuzz, request: { ...fuzz.request, body } });

/**
 * Requests the fuzz once found a defect with, sent on every run before the
 * seeded ones so each fix stays fixed.
 */
export function knownCases(origins: Record<Site, string>, chatVisitor: string): FuzzCase[] {
  const host = (site: Site): [string, string] => ['Host', new URL(origins[site]).host];
  const chunk = `/widgets/chunks/${BUILT_CHUNKS[0] ?? 'missing.js'}`;
  return [
    // The precompressed files' middleware said `Content-Encoding: br` before it knew it
    // would send the file: a method it does not serve, or a range it cannot give,
    // got the plain 404 (416) page under that header, which no browser can read.
    known('portal', 'OPTIONS /widgets/portal.js', 'OPTIONS', '/widgets/portal.js?x=1', [
      host('portal'),
      ['Accept-Encoding', 'br'],
    ]),
    known('portal', 'POST /widgets/chunks', 'POST', chunk, [host('portal'), ['Accept-Encoding', 'gzip']]),
    known('portal', 'GET /widgets/chunks', 'GET', chunk, [
      host('portal'),
      ['Accept-Encoding', 'br'],
      ['Range', 'bytes=99999999-'],
    ]),
    // ... and a malformed address got its words ("URI malformed") instead of the portal's 400 page.
    known('portal', 'GET /widgets/{file}', 'GET', '/widgets/%E0', [host('portal')]),
    // A folder's address without its final slash was redirected to the request's own target plus
    // a slash: an absolute-form target (`GET http://evil.example/media/films`) sent it to that host.
    known('portal', 'GET /media/films', 'GET', 'http://evil.example/media/films', [host('portal')]),
    known('portal', 'GET /widgets/chunks', 'GET', 'http://evil.example/widgets/chunks', [host('portal')]),
    // A Host with a port no URL can have made the console's address a 500 (certification, transfer).
    known('portal', 'GET /certification', 'GET', '/certification', [['Host', 'localhost:99999']]),
    known('portal', 'GET /transfer', 'GET', '/transfer?url=https%3A%2F%2Fwww.miit.gov.cn%2F', [
      ['Host', 'localhost:99999'],
    ]),
    // The demo pages named the portal after the Host header, unescaped: markup went into the page and its CSP.
    known('demo', 'GET /pinned', 'GET', '/pinned', [['Host', '<x-fuzz>']]),
    // Behind a trusted proxy, the console sent its visitors to sign in at the host of
    // X-Forwarded-Host, and a host name that is none (`a b`) was a 500.
    known('console', 'GET /welcome', 'GET', '/welcome', [host('console'), ['X-Forwarded-Host', 'evil.example']]),
    known('console', 'GET /company/enterprise', 'GET', '/company/enterprise?companyid=1', [
      host('console'),
      ['X-Forwarded-Host', 'a b'],
    ]),
    // PostgreSQL's text cannot hold a NUL: a chat message carrying one was a 500 there.
    withBody(
      known('portal', 'POST /api/chat/messages', 'POST', '/api/chat/messages', [
        host('portal'),
        ['Content-Type', 'application/json'],
        ['X-Chat-Visitor', chatVisitor],
      ]),
      JSON.stringify({ kind: 'text', text: '设备\u0000离线了', clientId: 'known-nul-in-chat' }),
    ),
  ];
}
