import ky, { HTTPError, type Options, TimeoutError } from 'ky';
import { environment } from '../env';
import { $companyId } from '../stores/user';
import { toastErrorOnce } from '../toast';
import { $tokens } from '../tokens';
import { type Envelope, unwrap } from './envelope';
import { messageForStatus, NETWORK_FAILURE_MESSAGE, STATUS_MESSAGES } from './messages';
import { apiUrl, sendsToken } from './routing';

export interface RequestOptions {
  method?: 'get' | 'post' | 'put' | 'delete';
  json?: unknown;
  searchParams?: Record<string, string | number | boolean>;
  signal?: AbortSignal;
  /** Milliseconds before the request is abandoned (and the 408 message shown). */
  timeout?: number;
  /** The caller handles failures itself: no toast. */
  silent?: boolean;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
let defaultTimeout = DEFAULT_TIMEOUT_MS;

export function configureHttp(options: { timeout?: number }): void {
  if (options.timeout !== undefined) defaultTimeout = options.timeout;
}

/** The headers every product API call carries (SPEC §7). */
function apiHeaders(url: URL): Headers {
  const env = environment();
  const headers = new Headers();
  if (!Object.values(env.api).some((base) => new URL(base).origin === url.origin)) {
    return headers; // not our API: nothing of ours goes there
  }
  headers.set('Content-Type', 'application/json');
  headers.set('Cache-Control', 'no-cache');
  headers.set('companyId', $companyId.get() ?? '0');
  const token = $tokens.get()?.accessToken;
  if (token && sendsToken(url, env)) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/** Tells the visitor why a request failed, once; a cancelled request says nothing. */
async function reportFailure(error: unknown): Promise<void> {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  if (error instanceof TimeoutError) return toastErrorOnce(STATUS_MESSAGES[408] as string);
  if (error instanceof HTTPError) {
    const body = (await error.response.json().catch(() => null)) as { msg?: unknown } | null;
    const serverMessage = typeof body?.msg === 'string' ? body.msg : undefined;
    return toastErrorOnce(messageForStatus(error.response.status, serverMessage, error.message));
  }
  toastErrorOnce(NETWORK_FAILURE_MESSAGE);
}

let toldWhereToLook = false;

/**
 * No answer at all, or a page where JSON was expected: most likely the elements
 * were told the wrong portal (an app's own address). Said once per page, in the
 * console, for whoever set the page up; the visitor gets the SPEC §8 message.
 */
function reportWrongPortal(url: URL, error: unknown) {
  if (toldWhereToLook || !(error instanceof TypeError || error instanceof SyntaxError)) return;
  toldWhereToLook = true;
  console.error(
    `[portal] No portal answered at ${url.origin} (${url.pathname}: ${error.message}). Is the portal's address right? Set it with configurePortal({ origin }) or <meta name="portal-origin" content="https://…">.`,
  );
}

/** One product API call; resolves to the answer's envelope, rejects on any failure. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const url = apiUrl(path);
  const kyOptions: Options = {
    method: options.method ?? 'get',
    headers: apiHeaders(url),
    json: options.json,
    searchParams: options.searchParams,
    signal: options.signal,
    timeout: options.timeout ?? defaultTimeout,
    retry: 0,
  };
  try {
    return await ky(url, kyOptions).json<Envelope<T>>();
  } catch (error) {
    reportWrongPortal(url, error);
    if (!options.silent) await reportFailure(error);
    throw error;
  }
}

export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'json'>) => request<T>(path, options),
  post: <T>(path: string, json?: unknown, options?: Omit<RequestOptions, 'method' | 'json'>) =>
    request<T>(path, { ...options, method: 'post', json }),
};

/** The payload of a GET, unwrapped from its envelope; codes in `ignore` give null. */
export async function getData<T>(
  path: string,
  options?: Omit<RequestOptions, 'method' | 'json'> & { ignore?: readonly string[] },
): Promise<T | null> {
  return unwrap(await http.get<T>(path, options), options?.ignore);
}
