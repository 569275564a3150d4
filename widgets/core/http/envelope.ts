/** The answer shape of every product API call (SPEC §3). */
export interface Envelope<T> {
  code: string;
  result?: T;
  data?: T;
  msg?: string;
  status?: number;
}

export const SUCCESS = '0000';
/** "No data": some calls ignore it and treat the answer as empty (SPEC §7). */
export const NO_DATA = '0001';

/** A well-formed answer whose code is not success. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The payload of a successful envelope (`result`, else `data`). Codes in
 * `ignore` give `null`; any other code throws an ApiError.
 */
export function unwrap<T>(envelope: Envelope<T>, ignore: readonly string[] = []): T | null {
  if (envelope.code === SUCCESS) return envelope.result ?? envelope.data ?? null;
  if (ignore.includes(envelope.code)) return null;
  throw new ApiError(envelope.code, envelope.msg || `请求失败（${envelope.code}）`);
}
