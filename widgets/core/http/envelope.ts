import { type Envelope, payloadOf, SUCCESS } from '../../../contract/envelope';

export { type Envelope, NO_DATA, SUCCESS } from '../../../contract/envelope';

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
  if (envelope.code === SUCCESS) return payloadOf(envelope) ?? null;
  if (ignore.includes(envelope.code)) return null;
  throw new ApiError(envelope.code, envelope.msg || `请求失败（${envelope.code}）`);
}
