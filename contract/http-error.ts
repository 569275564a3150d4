/**
 * The one way every room says "this request fails with this status": throw an
 * HttpError. The API answers it as SPEC §3's envelope `{code, msg, status}`;
 * pages answer its status with the shared words of contract/errors.ts.
 * `code` is the API's error code (`E0404`, `E0401V`, ...); it defaults to the status's.
 */
export class HttpError extends Error {
  readonly code: string;

  constructor(
    readonly status: number,
    message: string,
    code?: string,
  ) {
    super(message);
    this.name = 'HttpError';
    this.code = code ?? `E0${status}`;
  }
}
