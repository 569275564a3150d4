/**
 * The answer shape of every portal and account-service call (SPEC §3):
 * `{code, result, msg, status}`; a few site calls carry `data` instead of `result`.
 */
export interface Envelope<T> {
  code: string;
  result?: T;
  data?: T;
  msg?: string;
  status?: number;
}

/** Success, for the portal API and the account service alike. */
export const SUCCESS = '0000';
/** "No data": some calls ignore it and treat the answer as empty (SPEC §7). */
export const NO_DATA = '0001';

/** A success answer around `result`. */
export const success = <T>(result: T) => ({ code: SUCCESS, result, msg: 'success', status: 200 });
/** A success answer in the `{code, data}` shape of the legacy site calls. */
export const successData = <T>(data: T) => ({ code: SUCCESS, data, msg: 'success', status: 200 });

/** Whether a parsed body is a success envelope. */
export const isSuccess = (body: unknown): body is Envelope<unknown> =>
  typeof body === 'object' && body !== null && (body as Envelope<unknown>).code === SUCCESS;

/** The payload of an envelope: `result`, else `data`. */
export const payloadOf = <T>(envelope: Envelope<T>): T | undefined => envelope.result ?? envelope.data;
