/**
 * Addresses that try to leave the allowed origins, each a way browsers and URL
 * parsers have been seen to read differently from a naive check. `allowed` is an
 * origin the server accepts (`http://127.0.0.1:3000`), which many of them dress up as.
 */
export function redirectPayloads(allowed: string): string[] {
  const { host, hostname, port } = new URL(allowed);
  return [
    '//evil.com',
    '//evil.com/%2e%2e',
    '///evil.com',
    '////evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    '\\/evil.com',
    '/\\/evil.com',
    '/.//evil.com',
    '/./\\evil.com',
    '/a/..//evil.com',
    '/%2e//evil.com',
    '/%2e%2e//evil.com',
    '%2F%2Fevil.com',
    '/%2F/evil.com',
    '/%5Cevil.com',
    '/%09/evil.com',
    ' //evil.com',
    '\t//evil.com',
    'https:evil.com',
    'http:evil.com',
    'http:/\\/evil.com',
    'https://evil.com',
    `http://${host}.evil.com/`,
    `http://${hostname}.evil.com:${port}/`,
    `http://${host}@evil.com/`,
    `http://${host}\\@evil.com/`,
    `http://evil.com\\@${host}`,
    `http://evil.com#@${host}/`,
    `http://evil.com?@${host}/`,
    `http://evil.com%23@${host}/`,
    `http://user:pass@${host}/`,
    `https://${host}/`,
    `http://${hostname}:${Number(port) + 100}/`,
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    ' javascript:alert(1)',
    'javascript://%0aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'ht\ttp://evil.com',
    'ht\ntp://evil.com',
    'http://ｅｖｉｌ.com/',
    'http://evil。com/',
    'http://еvil.com/',
    `http://${host}%00.evil.com/`,
    `http://${host}%2F@evil.com/`,
    'evil.com',
    '.evil.com',
  ];
}

/** Host names the payloads lead to, as a URL parser reads them (lookalikes included). */
export const ATTACKER_HOSTS = new Set(
  ['http://evil.com', 'http://ｅｖｉｌ.com', 'http://evil。com', 'http://еvil.com'].map((url) => new URL(url).hostname),
);

export const isAttackerHost = (hostname: string) =>
  ATTACKER_HOSTS.has(hostname) || [...ATTACKER_HOSTS].some((attacker) => hostname.endsWith(`.${attacker}`));

/** Schemes that run a script instead of going to a page (`data:` too, where a page is navigated to). */
export const SCRIPT_SCHEME = /^(?:javascript|vbscript):$/;
