import ky, { HTTPError, TimeoutError } from 'ky';
import { type Envelope, SUCCESS } from '../../../contract/envelope';
import { messageForStatus, NETWORK_FAILURE_MESSAGE, STATUS_MESSAGES } from '../http/messages';

/** The account service's success code (SPEC §8): the same as the portal API's. */
export const ACCOUNT_SUCCESS = SUCCESS;

type AccountEnvelope<T> = Pick<Envelope<T>, 'code' | 'result' | 'msg'>;

/** Token answer of `token/by-code` and `token/refresh` (SPEC §3). */
export interface TokenAnswer {
  accessToken: string;
  refreshToken: string;
  /** Seconds. */
  expiresIn: number;
}

/** The account service answered, but not with success. */
export class AccountError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'AccountError';
  }
}

export const ACCOUNT_TIMEOUT_MS = 10_000;

/** An address on the account service; `base` may carry a path prefix. */
export function accountUrl(base: string, path: string, params: Record<string, string | undefined> = {}): URL {
  const url = new URL(path.replace(/^\//, ''), base.endsWith('/') ? base : `${base}/`);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url;
}

/**
 * One GET to the account service, unwrapped. HTTP failures become AccountErrors
 * carrying the status, so callers can tell a 401 from a network failure.
 */
export async function accountGet<T>(url: URL, token?: string): Promise<T> {
  let envelope: AccountEnvelope<T>;
  try {
    envelope = await ky
      .get(url, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        timeout: ACCOUNT_TIMEOUT_MS,
        retry: 0,
        cache: 'no-store',
      })
      .json<AccountEnvelope<T>>();
  } catch (error) {
    if (error instanceof HTTPError) {
      throw new AccountError(String(error.response.status), error.message, error.response.status);
    }
    throw error;
  }
  if (envelope.code !== ACCOUNT_SUCCESS) {
    throw new AccountError(envelope.code, envelope.msg || `account service answered ${envelope.code}`);
  }
  return envelope.result as T;
}

export const isUnauthorized = (error: unknown) => error instanceof AccountError && error.status === 401;

/**
 * The service's trouble rather than the visitor's sign-in: no answer (offline,
 * timed out, not JSON) or an HTTP failure other than 401. The sign-in stays;
 * only a 401, or the service refusing the token in its answer, ends it.
 */
export const isServiceFailure = (error: unknown) =>
  error instanceof AccountError ? error.status !== undefined && error.status !== 401 : true;

/** What a failed call tells the visitor (SPEC §8's table): by status, else the network's message. */
export function failureMessage(error: unknown): string {
  const status =
    error instanceof AccountError ? error.status : error instanceof HTTPError ? error.response.status : undefined;
  if (status) return messageForStatus(status);
  return error instanceof TimeoutError ? (STATUS_MESSAGES[408] as string) : NETWORK_FAILURE_MESSAGE;
}
