import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { type Endpoint, type Site, VALID } from './endpoints';
import { deepJson, GZIP_BOMB, HEADER_VALUES, JSON_BODIES, METHODS, percent, SNIPPETS } from './hostile-values';
import type { RawRequest } from './raw-http';

/** What lets fuzzed requests past the doors (sign-ins made before the run). */
export interface Sessions {
  /** An access token of the portal's app. */
  bearer: string;
  /** `name=value` of the agent inbox's sign-in. */
  agentCookie: string;
  /** `name=value` of a console sign-in. */
  consoleCookie: string;
  /** A console form's token, its cookie, and the company it is bound to. */
  consoleForm: { cookie: string; csrf: string; companyId: string };
  /** The account service's sign-in form: its token, its cookie and the fields the token is bound to. */
  signInForm: { cookie: string; csrf: string; fields: Record<string, string> };
  /** Chat visitor ids the service issued (it refuses any it did not sign). */
  chatVisitors: string[];
  /** A studio administrator's sign-in (`name=value`), and a form token with its cookie. */
  studio: { cookie: string; formCookie: string; csrf: string };
}

export interface FuzzContext {
  origins: Record<Site, string>;
  endpoints: readonly Endpoint[];
  sessions: Sessions;
}

export interface FuzzCase {
  site: Site;
  /** The endpoint it was made from, as `METHOD /path`. */
  endpoint: string;
  request: RawRequest;
}

/** Query values the handlers take, by parameter (the rest get `VALID` or junk). */
const QUERY_VALUES = (origins: Record<Site, string>): Record<string, readonly string[]> => ({
  page: ['1', '2', '999'],
  pageSize: ['10', '50', '1000'],
  keyword: ['平台', 'iot', 'a', '数据 平台'],
  type: ['1', '2', 'product', 'news'],
  url: ['https://www.miit.gov.cn/', `${origins.console}/welcome`],
  categoryId: ['1', '2'],
  industry: ['制造'],
  productId: ['1', '12'],
  edition: ['1', '2'],
  appId: ['9090', '1'],
  redirectUri: [`${origins.portal}/home`, `${origins.console}/auth/callback`],
  redirectUrl: [`${origins.portal}/product/1`],
  page_type: ['c', 'b'],
  state: ['abcdef'],
  code: ['abcdef'],
  refreshToken: ['abcdef'],
  token: ['abcdef'],
  after: ['0', '5'],
  companyId: ['1001', '1002'],
  companyid: ['1001', '1002'],
  preview: ['true'],
  topic: ['产品咨询'],
  sent: ['1'],
  associationNo: ['P2025001', 'S2025001'],
  orderNo: VALID.orderNo ?? [],
  year: ['2026'],
  v: ['1'],
});

/**
 * `count` hostile requests, the same for the same seed: each takes one endpoint
 * and bends its path, query, method, headers and body in a few ways at once.
 */
export function fuzzCases(context: FuzzContext, seed: number, count: number): FuzzCase[] {
  const queryValues = QUERY_VALUES(context.origins);
  return fc.sample(
    fc.gen().map((g) => fuzzCase(g, context, queryValues)),
    { seed, numRuns: count },
  );
}

/** What one case bends: everything at once, or (to reach deep into the handlers) one part of an otherwise good request. */
type Focus = 'all' | 'method' | 'path' | 'query' | 'headers' | 'body';

/** The draws one case is made of, in one place. */
function drawing(g: fc.GeneratorValue) {
  const pick = <T>(items: readonly T[]): T => g(fc.constantFrom, ...items);
  const chance = (p: number) => g(fc.integer, { min: 0, max: 999 }) < p * 1000;
  const text = () => g(fc.string, { unit: pick(['binary', 'grapheme', 'binary-ascii'] as const), maxLength: 24 });
  return { g, pick, chance, text };
}
type Draw = ReturnType<typeof drawing>;

function fuzzCase(
  g: fc.GeneratorValue,
  context: FuzzContext,
  queryValues: Record<string, readonly string[]>,
): FuzzCase {
  const draw = drawing(g);
  const { pick, chance } = draw;
  const focus: Focus = chance(0.35) ? pick(['method', 'path', 'query', 'headers', 'body'] as const) : 'all';
  const bends = (part: Focus) => focus === 'all' || focus === part;
  const endpoint = pick(context.endpoints);
  const method = focus === 'method' || (bends('method') && chance(0.12)) ? pick(METHODS) : endpoint.method;
  const fields: Record<string, unknown> = { ...(bends('body') && !chance(0.8) ? {} : endpoint.valid) };
  const headers = headersOf(draw, context, endpoint, fields, bends('headers'));
  const body = bends('body') || endpoint.body ? bodyOf(draw, endpoint, fields, headers, bends('body')) : undefined;
  const target = targetOf(draw, context.origins, endpoint, queryValues, bends('path'), bends('query'));
  const request: RawRequest = { method, target, headers: [...headers.common, ...headers.extra], body };
  return { site: endpoint.site, endpoint: `${endpoint.method} ${endpoint.path}`, request };
}

/** The request target: the endpoint's path with its placeholders filled, and a query. */
function targetOf(
  { g, pick, chance, text }: Draw,
  origins: Record<Site, string>,
  endpoint: Endpoint,
  queryValues: Record<string, readonly string[]>,
  bendPath: boolean,
  bendQuery: boolean,
): string {
  /** A value for a path segment or query parameter, valid often enough to reach the handlers. */
  const value = (valid: readonly string[] | undefined, bend: boolean) => {
    const mode = bend
      ? pick(['valid', 'valid', 'valid', 'snippet', 'snippet', 'junk', 'double', 'raw', 'long'] as const)
      : 'valid';
    if (mode === 'valid') return valid?.length ? percent(pick(valid)).replace(/%2F/g, '/') : '1';
    if (mode === 'junk') return percent(text());
    if (mode === 'double') return percent(percent(text()));
    // Raw characters on the wire (spaces, `#`, `?`, controls): the parser's problem first. No line breaks: they would end the request line.
    if (mode === 'raw') return g(fc.string, { unit: 'grapheme-ascii', maxLength: 16 }).replace(/[\r\n]/g, '');
    if (mode === 'long') return 'x'.repeat(pick([300, 1500, 2100]));
    return pick(SNIPPETS);
  };
  let path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => value(VALID[name], bendPath));
  if (bendPath && chance(0.15))
    path = pick([
      `${path}/`,
      `/${path}`,
      path.toUpperCase(),
      path.replace(/\//g, '//'),
      path.replace(/\//g, '/./'),
      `/x/..${path}`,
      path.replace(/\//g, '%2F'),
      path.replace(/\//g, '\\'),
      `${path};jsessionid=x`,
      `http://evil.example${path}`,
      `${origins[endpoint.site]}${path}`,
    ]);
  const params = endpoint.query
    .filter(() => chance(0.6))
    .map((name) => `${name}=${value(queryValues[name], bendQuery)}`);
  if (bendQuery && chance(0.3)) {
    const name = endpoint.query.length ? pick(endpoint.query) : 'id';
    params.push(
      pick([
        `${name}=1&${name}=2`,
        `${name}[]=1`,
        `${name}[a]=b`,
        `${name}`,
        `${name}=`,
        '__proto__=x',
        '__proto__[polluted]=1',
        'constructor[prototype][polluted]=1',
        `${percent(text())}=${percent(text())}`,
        '&&=&',
        Array.from({ length: 200 }, (_, i) => `p${i}=${i}`).join('&'),
        `q=${'x'.repeat(2100)}`,
      ]),
    );
  }
  return params.length || (bendQuery && chance(0.05)) ? `${path}?${params.join('&')}` : path;
}

/** The headers: a browser's, the sign-in that lets the request in (and the form fields it needs), and hostile ones. */
function headersOf(
  { g, pick, chance }: Draw,
  { origins, sessions }: FuzzContext,
  endpoint: Endpoint,
  fields: Record<string, unknown>,
  bend: boolean,
) {
  const common = new Map<string, string>([
    ['Host', new URL(origins[endpoint.site]).host],
    // The server trusts the loopback proxy: each request comes from an address of its own, so per-address limits let the fuzz through.
    ['X-Forwarded-For', g(fc.ipV4)],
    ['User-Agent', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 hostile-fuzz'],
  ]);
  if (chance(0.5)) common.set('Accept-Encoding', pick(['gzip, deflate, br', 'gzip', 'br']));
  if (endpoint.pass && (!bend || chance(0.7))) {
    if (endpoint.pass === 'bearer' || (endpoint.pass === 'chat-visitor' && chance(0.3))) {
      common.set('Authorization', `Bearer ${sessions.bearer}`);
      common.set('companyId', pick(['0', '1001']));
    }
    if (endpoint.pass === 'chat-visitor') {
      // Mostly an id the service issued, else one made up (refused as unknown).
      common.set('X-Chat-Visitor', chance(0.8) ? pick(sessions.chatVisitors) : g(fc.stringMatching, /^[\w-]{22,40}$/));
      if (chance(0.5)) common.set('Origin', origins.portal);
    }
    if (endpoint.pass === 'agent') {
      common.set('Cookie', sessions.agentCookie);
      common.set('Origin', origins.portal);
    }
    if (endpoint.pass === 'console') common.set('Cookie', sessions.consoleCookie);
    if (endpoint.pass === 'console-form') {
      common.set('Cookie', `${sessions.consoleCookie}; ${sessions.consoleForm.cookie}`);
      common.set('Origin', origins.console);
      Object.assign(fields, { csrf: sessions.consoleForm.csrf, companyId: sessions.consoleForm.companyId });
    }
    if (endpoint.pass === 'studio' || endpoint.pass === 'studio-form') {
      common.set('Cookie', `${sessions.studio.cookie}; ${sessions.studio.formCookie}`);
      common.set('Origin', origins.portal);
      if (endpoint.pass === 'studio-form') Object.assign(fields, { csrf: sessions.studio.csrf });
    }
    if (endpoint.pass === 'sign-in-form') {
      common.set('Cookie', sessions.signInForm.cookie);
      common.set('Origin', origins.portal);
      // An account of its own each time: the per-account limit (5 failures) never stops the fuzz before the hashing.
      const username = `fuzz-${g(fc.stringMatching, /^[a-z0-9]{10}$/)}`;
      Object.assign(fields, sessions.signInForm.fields, {
        csrf: sessions.signInForm.csrf,
        username,
        password: 'not-it',
      });
    }
  }
  if (endpoint.path === '/chat/agent/login' && (!bend || chance(0.7))) common.set('Origin', origins.portal);
  const extra: Array<[string, string]> = [];
  if (!bend) return { common, extra };
  const mutations = pick([0, 1, 1, 2, 3]);
  for (let i = 0; i < mutations; i++) {
    const name = pick(Object.keys(HEADER_VALUES));
    const choice = pick(HEADER_VALUES[name] ?? ['']);
    common.set(name, typeof choice === 'function' ? choice(origins[endpoint.site]) : choice);
  }
  if (chance(0.03))
    extra.push(
      pick<[string, string]>([
        ['X-Padding', 'p'.repeat(20_000)],
        ['X-Fuzz\u0001', 'control in the name'],
        ['X-Fuzz', 'nul\u0000in the value'],
        ['Host', 'second.example'],
      ]),
    );
  if (chance(0.02)) for (let i = 0; i < 300; i++) extra.push([`X-Many-${i}`, String(i)]);
  return { common, extra };
}

/** A JSON or form body from the fields (bent now and then), sometimes compressed; undefined for most bodiless calls. */
function bodyOf(
  draw: Draw,
  endpoint: Endpoint,
  fields: Record<string, unknown>,
  headers: { common: Map<string, string> },
  bend: boolean,
): Buffer | undefined {
  const { pick, chance, text } = draw;
  if (!(endpoint.body !== undefined ? !bend || chance(0.9) : chance(0.25))) return undefined;
  const kind = endpoint.body ?? pick(['json', 'form'] as const);
  // Guarded fields (a form's token) and valid ones are bent now and then; the rest are filled with junk.
  if (bend)
    for (const field of new Set([...endpoint.fields, ...Object.keys(fields)])) {
      if (field in fields ? chance(0.1) : chance(0.4)) fields[field] = pick([text(), pick(SNIPPETS), 'x'.repeat(5000)]);
    }
  let body = Buffer.from(kind === 'json' ? jsonBody(draw, fields, bend) : formBody(draw, fields, bend), 'utf8');
  if (!headers.common.has('Content-Type'))
    headers.common.set('Content-Type', kind === 'json' ? 'application/json' : 'application/x-www-form-urlencoded');
  if (bend && chance(0.05)) {
    headers.common.set('Content-Encoding', 'gzip');
    body = chance(0.5) ? GZIP_BOMB : gzipSync(body);
  }
  return body;
}

function jsonBody({ g, pick }: Draw, fields: Record<string, unknown>, bend: boolean): string {
  const shape = bend ? pick(['fields', 'fields', 'fields', 'typed', 'odd', 'deep', 'random'] as const) : 'fields';
  if (shape === 'odd') return pick(JSON_BODIES);
  if (shape === 'deep') return deepJson(pick([100, 2000, 7000, 20_000]), pick(['array', 'object'] as const));
  if (shape === 'random') return JSON.stringify(g(fc.jsonValue, { maxDepth: 3 }));
  const body: Record<string, unknown> = { ...fields };
  if (shape === 'typed')
    for (const key of Object.keys(body))
      body[key] = pick([null, 0, -1, 1.5, 1e308, true, [], {}, [body[key]], { $gt: '' }, 'x'.repeat(20_000)]);
  if (bend && g(fc.integer, { min: 0, max: 3 }) === 0)
    body[pick(['kind', 'text', 'card', 'sceneCode', 'items'])] = pick(['text', 'card', 1, null, {}]);
  const json = JSON.stringify(body);
  if (g(fc.boolean)) return json;
  return json === '{}' ? '{"__proto__":{"polluted":1}}' : json.replace(/^\{/, '{"__proto__":{"polluted":1},');
}

function formBody({ g, pick }: Draw, fields: Record<string, unknown>, bend: boolean): string {
  const pairs = Object.entries(fields).map(([name, value]) => `${name}=${percent(String(value))}`);
  if (bend && g(fc.boolean))
    pairs.push(
      pick([
        'a[b]=c',
        '%ff=%ff',
        '%=%',
        '__proto__=x',
        'constructor[prototype][polluted]=1',
        `${Object.keys(fields)[0] ?? 'x'}=again`,
        Array.from({ length: 1000 }, (_, i) => `f${i}=${i}`).join('&'),
        `big=${'b'.repeat(300_000)}`,
      ]),
    );
  return pairs.join('&');
}
