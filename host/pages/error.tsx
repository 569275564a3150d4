import { type PageContext, renderDocument } from './document';

/** Seconds before the 404 page returns to the home page (SPEC §9). */
export const NOT_FOUND_RETURN_SECONDS = 3;

interface ErrorText {
  title: string;
  zh: string;
  en: string;
}

/** The messages of SPEC §2 and §8, in Chinese first. */
const MESSAGES: Record<number, ErrorText> = {
  302: {
    title: '页面加载中',
    zh: '正在努力加载中…如长时间无响应，建议使用最新版 Chrome 浏览器访问本站。',
    en: 'Working hard to load... We recommend the latest Chrome.',
  },
  400: { title: '请求无效', zh: '请求无效，请检查地址后重试', en: 'The request could not be understood' },
  404: { title: '页面不存在', zh: '抱歉，您访问的页面不存在', en: 'This page could not be found' },
  405: { title: '请求方法不允许', zh: '该页面不支持此请求方法', en: 'This method is not allowed here' },
  414: { title: '地址过长', zh: '请求地址过长', en: 'The address is too long' },
  429: { title: '请求过于频繁', zh: '请求过于频繁，请稍后再试', en: 'Too many requests, please try again shortly' },
  500: { title: '服务器错误', zh: '抱歉，服务器出错了', en: 'Sorry, the server had an error' },
  503: { title: '服务繁忙', zh: '服务繁忙，请稍后再试', en: 'The server is busy, please try again shortly' },
};
const OTHER: ErrorText = { title: '出错了', zh: '出错了，请稍后再试', en: 'Error, please try again later' };

/**
 * The error page. 404 returns to `/` after 3 seconds, showing the countdown and a
 * button to stay instead (WCAG 2.2.1: a time limit the visitor can stop), done by
 * a small script (host/public/error-return.js) rather than a meta refresh nobody
 * can stop; without scripts the page stays, and its link goes to /home. 302
 * recommends Chrome; 500 may carry the server's message.
 */
export function renderError(status: number, context: PageContext, message?: string): string {
  const text = MESSAGES[status] ?? OTHER;
  return renderDocument(
    {
      title: `${status} - ${text.title}`,
      head: status === 404 ? <script src="/error-return.js" defer /> : undefined,
      children: (
        <main id="main" className="page error-page">
          <p className="error-status">{status === 302 ? '…' : status}</p>
          <h1>{status === 500 && message ? message : text.zh}</h1>
          <p lang="en">{text.en}</p>
          {status === 404 && (
            <p className="error-countdown" data-return-home={NOT_FOUND_RETURN_SECONDS} hidden>
              <span data-seconds>{NOT_FOUND_RETURN_SECONDS}</span> 秒后自动返回首页{' '}
              <button type="button" className="button" data-stay>
                停留在此页
              </button>
            </p>
          )}
          <p>
            <a className="button primary" href="/home">
              返回首页
            </a>
          </p>
        </main>
      ),
    },
    context,
  );
}
