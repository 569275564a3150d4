import { Breadcrumb } from './content/parts';
import { type PageContext, renderDocument } from './document';

/**
 * `/transfer?url=`: shown before a visitor leaves the site. It names where the
 * link goes and continues only when the target is on the allowed list.
 */
export function renderTransfer(context: PageContext, target: URL | null): string {
  return renderDocument(
    {
      title: target ? '即将离开智造云 - 智造云' : '链接无法打开 - 智造云',
      head: <meta name="robots" content="noindex" />,
      children: (
        <main id="main" className="page narrow transfer">
          <Breadcrumb trail={[{ label: '外部链接' }]} />
          {target ? (
            <>
              <h1>您即将离开智造云</h1>
              <p>
                即将前往 <strong>{target.host}</strong>，该网站不由智造云运营，请注意保护您的账号与个人信息安全。
              </p>
              <p className="target">{target.href}</p>
              <p className="actions">
                <a className="button primary" href={target.href} rel="noopener noreferrer nofollow">
                  继续访问
                </a>
                <a className="button" href="/home">
                  返回首页
                </a>
              </p>
            </>
          ) : (
            <>
              <h1>该链接无法打开</h1>
              <p>链接地址无效，或不在智造云允许跳转的网站范围内。</p>
              <p className="actions">
                <a className="button primary" href="/home">
                  返回首页
                </a>
              </p>
            </>
          )}
        </main>
      ),
    },
    context,
  );
}
