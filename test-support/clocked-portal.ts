import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmbeddedBackend, type EmbeddedBackend } from '../backend';
import { PORTAL_APP_ID } from '../backend/accounts/apps';
import type { Clock, ThrottleSettings } from '../backend/http/throttle';
import { createApp } from '../host/app';
import { listen, type RawResponse, request } from './http';
import { closeTestPortal } from './portal';

/** A clock a test moves by hand; a held-back answer is noted, not waited for. */
export interface TestClock extends Clock {
  advance(ms: number): void;
  /** Every hold-back asked for, in milliseconds, in order. */
  held: number[];
}

export function testClock(start = Date.now()): TestClock {
  let now = start;
  const held: number[] = [];
  return {
    now: () => now,
    wait: async (ms) => void held.push(ms),
    advance: (ms) => {
      now += ms;
    },
    held,
  };
}

export interface ClockedPortal {
  backend: EmbeddedBackend;
  port: number;
  origin: string;
  clock: TestClock;
  /** What the back-end told its log at `warn`. */
  warnings: Array<{ fields: Record<string, unknown>; message: string }>;
  close(): Promise<void>;
}

/**
 * A portal whose sign-in throttles run on a clock the test moves, behind a
 * proxy it trusts (`X-Forwarded-For` names the visitor), on a fresh database.
 */
export async function startClockedPortal(
  options: {
    signInAttempts?: number;
    signInAttemptsPerAddress?: number;
    signInThrottle?: Partial<ThrottleSettings>;
    agentPassword?: string;
    databaseUrl?: string;
    /** One clock for two instances on one database. */
    clock?: TestClock;
  } = {},
): Promise<ClockedPortal> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-throttle-'));
  const clock = options.clock ?? testClock();
  const warnings: ClockedPortal['warnings'] = [];
  const backend = await createEmbeddedBackend({
    dataDir,
    databaseUrl: options.databaseUrl,
    throttleClock: clock,
    log: { error: () => {}, warn: (fields, message) => void warnings.push({ fields: { ...fields }, message }) },
    signInAttempts: options.signInAttempts,
    signInAttemptsPerAddress: options.signInAttemptsPerAddress,
    signInThrottle: options.signInThrottle,
    chat: { agentPassword: options.agentPassword },
  });
  const { server, port } = await listen(
    createApp({ widgetsDir: 'dist/widgets', logLevel: 'silent', env: 'local', backend, trustProxy: true }),
  );
  const origin = `http://127.0.0.1:${port}`;
  backend.apps.register(PORTAL_APP_ID, [origin]);
  return {
    backend,
    port,
    origin,
    clock,
    warnings,
    close: () => closeTestPortal(server, backend, dataDir),
  };
}

/** The `name=value` of a cookie an answer set, if it set one. */
export function cookieOf(res: RawResponse, name: string): string | undefined {
  return [res.headers['set-cookie'] ?? []]
    .flat()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${name}=`));
}

/**
 * Signs in through the account service's form as a browser at `from` does:
 * the form opened, then posted with its token, its cookie and `cookie` (a
 * trusted device's), and `headers` (a proxy's, say).
 */
export async function signInFrom(
  portal: ClockedPortal,
  from: string,
  fields: Record<string, string>,
  cookie?: string,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  const redirectUri = `${portal.origin}/home`;
  const opened = await request(
    portal.port,
    `/api/guc/protocol/oauth2/auth?${new URLSearchParams({ appId: '9090', redirectUri })}`,
  );
  const csrf = /name="csrf" value="([^"]+)"/.exec(opened.body)?.[1] ?? '';
  const cookies = [cookieOf(opened, 'guc_sign_in'), cookie].filter(Boolean).join('; ');
  return request(portal.port, '/api/guc/protocol/oauth2/auth', {
    method: 'POST',
    body: new URLSearchParams({ appId: '9090', redirectUri, csrf, ...fields }).toString(),
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: portal.origin,
      'X-Forwarded-For': from,
      Cookie: cookies,
      ...headers,
    },
  });
}
