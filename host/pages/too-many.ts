import { errorText } from '../../contract/errors';

const text = errorText(429);

/**
 * The answer to an address past one of its limits (routes/rate-limit.ts): a
 * page of a few hundred bytes in SPEC §8's words, the same for everyone, made
 * once. A flood is answered many times a second, and the site's full error
 * page would be compressed for each answer (compression skips bodies under 1 KB).
 */
export const TOO_MANY_PAGE = [
  '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">',
  '<meta name="viewport" content="width=device-width, initial-scale=1">',
  `<title>429 - ${text.title}</title></head><body><main>`,
  `<h1>${text.zh}</h1><p lang="en">${text.en}</p><p><a href="/home">返回首页</a></p>`,
  '</main></body></html>',
].join('');
