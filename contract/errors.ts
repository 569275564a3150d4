/**
 * What every app answers when a request fails (the portal's pages, the API's
 * envelopes, the console, the demo sites): the status, decided one way, and its
 * words. A client's mistake keeps its 4xx (malformed body, unsupported encoding,
 * too large, unknown page); anything else is a 500 whose details stay in the log.
 */

export interface ErrorText {
  title: string;
  zh: string;
  en: string;
}

/** The messages of SPEC §2 and §8, in Chinese first. */
export const ERROR_TEXT: Readonly<Record<number, ErrorText>> = {
  400: { title: '请求无效', zh: '请求无效，请检查地址后重试', en: 'The request could not be understood' },
  404: { title: '页面不存在', zh: '抱歉，您访问的页面不存在', en: 'This page could not be found' },
  405: { title: '请求方法不允许', zh: '该页面不支持此请求方法', en: 'This method is not allowed here' },
  413: { title: '内容过大', zh: '请求内容过大', en: 'The request is too large' },
  414: { title: '地址过长', zh: '请求地址过长', en: 'The address is too long' },
  415: { title: '编码不支持', zh: '不支持该请求的编码或字符集', en: 'This encoding or character set is not supported' },
  429: { title: '请求过于频繁', zh: '请求过于频繁，请稍后再试', en: 'Too many requests, please try again shortly' },
  500: { title: '服务器错误', zh: '抱歉，服务器出错了', en: 'Sorry, the server had an error' },
  503: { title: '服务繁忙', zh: '服务繁忙，请稍后再试', en: 'The server is busy, please try again shortly' },
};
export const OTHER_ERROR: ErrorText = {
  title: '出错了',
  zh: '出错了，请稍后再试',
  en: 'Error, please try again later',
};

export const errorText = (status: number): ErrorText => ERROR_TEXT[status] ?? OTHER_ERROR;

/**
 * The status to answer a failure with: its own when it is an error meant for the
 * client (4xx, or a 503 the server chose), else 500.
 */
export function errorStatus(error: unknown): number {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown };
  const raw = Number(status ?? statusCode);
  return (raw >= 400 && raw < 500) || raw === 503 ? raw : 500;
}
