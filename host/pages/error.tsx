import { type PageContext, renderDocument } from './document';

const MESSAGES: Record<number, { zh: string; en: string }> = {
  400: { zh: '请求无效，请检查地址后重试', en: 'The request could not be understood' },
  404: { zh: '抱歉，您访问的页面不存在', en: 'This page could not be found' },
  405: { zh: '该页面不支持此请求方法', en: 'This method is not allowed here' },
  414: { zh: '请求地址过长', en: 'The address is too long' },
  500: { zh: '抱歉，服务器出错了', en: 'Sorry, the server had an error' },
};
const FALLBACK = { zh: '出错了，请稍后再试', en: 'Error, please try again later' };

export function renderError(status: number, context: PageContext): string {
  const message = MESSAGES[status] ?? FALLBACK;
  return renderDocument(
    {
      title: `${status} - ${message.zh}`,
      elements: [],
      children: (
        <main id="main" className="page error-page">
          <p className="error-status">{status}</p>
          <h1>{message.zh}</h1>
          <p lang="en">{message.en}</p>
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
