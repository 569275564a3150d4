import { type ErrorText, errorText } from '../../contract/errors';
import { type PageContext, renderDocument } from './document';

/** Seconds before the 404 page returns to the home page (SPEC §9). */
export const NOT_FOUND_RETURN_SECONDS = 3;

/**
 * The "302" page of SPEC §8 (a friendly-links failure): the spec's words, then its
 * browser advice (§2). Sent as 503 with Retry-After (a 302 needs a Location), it
 * shows 302 as the spec names it.
 */
const LOADING: ErrorText & { advice: string } = {
  title: '页面加载中',
  zh: '正在努力加载中...',
  en: 'Working hard to load...',
  advice: '如长时间无响应，请稍后刷新，或使用最新版 Chrome 浏览器访问本站。',
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
          <p className="error-status">{status}</p>
          <h1>{status === 500 && message ? message : text.zh}</h1>
          <p lang="en">{text.en}</p>
          {status === 302 && <p>{LOADING.advice}</p>}
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
