import { type ErrorText, errorText } from '../../contract/errors';
import { type PageContext, renderDocument } from './document';

/** Seconds before the 404 page returns to the home page (SPEC §9). */
export const NOT_FOUND_RETURN_SECONDS = 3;

/** The loading page of SPEC §8 (a friendly-links failure), beside the shared error texts. */
const LOADING: ErrorText = {
  title: '页面加载中',
  zh: '正在努力加载中…如长时间无响应，建议使用最新版 Chrome 浏览器访问本站。',
  en: 'Working hard to load... We recommend the latest Chrome.',
};

/**
 * The error page. 404 returns to `/` after 3 seconds, showing the countdown and a
 * button to stay instead (WCAG 2.2.1: a time limit the visitor can stop), done by
 * a small script (host/public/error-return.js) rather than a meta refresh nobody
 * can stop; without scripts the page stays, and its link goes to /home. 302
 * recommends Chrome; 500 may carry the server's message.
 */
export function renderError(status: number, context: PageContext, message?: string): string {
  const text = status === 302 ? LOADING : errorText(status);
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
