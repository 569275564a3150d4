import type { ErrorRequestHandler, Response } from 'express';
import * as v from 'valibot';
import { success } from '../contract/envelope';
import { errorStatus, errorText } from '../contract/errors';
import { HttpError } from '../contract/http-error';

/** Success, as every portal and account-service call answers it (SPEC §3). */
export function ok(res: Response, result: unknown): void {
  res.json(success(result));
}

/**
 * A failure the caller can act on: sent as `{code, msg, status}` with that HTTP
 * status. The same class every room throws (contract/http-error.ts); the old name
 * stays for the calls that pass a code first.
 */
export class ApiFailure extends HttpError {
  constructor(status: number, code: string, message: string) {
    super(status, message, code);
  }
}

/** A 400 that names each field's problem, for a form to show beside the field (`errors` in the envelope). */
export class InvalidFields extends ApiFailure {
  constructor(
    readonly errors: Record<string, string | undefined>,
    fallback = '请求内容不正确',
  ) {
    super(400, 'E0400', Object.values(errors).find(Boolean) ?? fallback);
  }
}

export const badRequest = (msg: string) => new ApiFailure(400, 'E0400', msg);
export const unauthorized = (msg = '未登录或登录已过期，请重新登录') => new ApiFailure(401, 'E0401', msg);
export const forbidden = (msg = '无权访问该企业的数据') => new ApiFailure(403, 'E0403', msg);
export const notFound = (msg = '请求的资源不存在') => new ApiFailure(404, 'E0404', msg);
/** SPEC §8's words for a 503: the service cannot take the call now (its data folder lost, say). */
export const UNAVAILABLE = '服务不可用，服务器暂时过载或维护!';
export const unavailable = () => new ApiFailure(503, 'E0503', UNAVAILABLE);

/** How long a 503's caller should wait before trying again, in seconds. */
export const RETRY_AFTER_S = '30';

// A schema part with no words of its own would answer in valibot's English: every API answers in Chinese.
v.setGlobalMessage((issue) => (issue.expected ? `格式不正确：应为 ${issue.expected}` : '格式不正确'));

/** Validates input against a schema; the first problem becomes a 400 in Chinese. */
export function parse<const S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const field = issue.path?.map((item) => String(item.key)).join('.');
  throw badRequest(field ? `参数 ${field} 不正确：${issue.message}` : `参数不正确：${issue.message}`);
}

/**
 * The last handler of an API: known failures keep their status and code; the
 * body parsers' errors keep theirs (400 malformed, 413 too large, 415 encoding
 * or charset) with the shared words (contract/errors.ts); a 503 the server chose
 * says SPEC §8's words with a Retry-After; anything else is a 500 whose details
 * stay in the log.
 */
export const apiErrors: ErrorRequestHandler = (error, req, res, _next) => {
  let failure: HttpError;
  const status = errorStatus(error);
  if (error instanceof HttpError) failure = error;
  else if (status === 400) failure = badRequest('请求内容格式不正确');
  else if (status === 503) failure = unavailable();
  else if (status !== 500) failure = new ApiFailure(status, `E0${status}`, errorText(status).zh);
  else {
    req.log?.error({ err: error }, 'api call failed');
    failure = new ApiFailure(500, 'E0500', '服务器错误，请稍后再试');
  }
  if (res.headersSent) return void res.end();
  if (failure.status === 503) res.setHeader('Retry-After', RETRY_AFTER_S);
  const fields = failure instanceof InvalidFields ? { errors: failure.errors } : {};
  res.status(failure.status).json({ code: failure.code, msg: failure.message, status: failure.status, ...fields });
};
