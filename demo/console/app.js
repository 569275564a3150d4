// A small single-page console: client-side routes, the portal's sign-in widget,
// and the sign-in shared with the portal through the account service's hub.
const view = document.getElementById('view');
const log = document.getElementById('events');

const routes = {
  '/': () => `<h1>概览</h1><p data-testid="session">正在检查登录状态…</p>`,
  '/orders': () => '<h1>订单</h1><p>订单列表由控制台自己的服务提供。</p>',
  '/agreements': () =>
    '<h1>协议</h1><p>登录后，&lt;portal-agreement-dialog&gt; 会在任一页面弹出该账号尚未同意的协议；' +
    '同意或拒绝都记在下方的组件事件里。</p>',
};

function render() {
  const route = routes[location.pathname] ?? (() => '<h1>页面不存在</h1>');
  view.innerHTML = route();
  for (const link of document.querySelectorAll('a[data-route]')) {
    if (link.getAttribute('href') === location.pathname) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  showSession();
}

let user = null;
function showSession() {
  const session = view.querySelector('[data-testid="session"]');
  if (session) session.textContent = user ? `已登录：${user.name}` : '未登录';
}

document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('a[data-route]') : null;
  if (!link || event.metaKey || event.ctrlKey || event.shiftKey) return;
  event.preventDefault();
  history.pushState(null, '', link.getAttribute('href'));
  render();
  view.focus();
});
addEventListener('popstate', render);

function record(type, detail) {
  const item = document.createElement('li');
  item.textContent = detail === undefined || detail === null ? type : `${type} ${JSON.stringify(detail)}`;
  log.append(item);
}
document.addEventListener('portal-login-signed-in', (event) => {
  user = event.detail;
  showSession();
  record(event.type, event.detail);
});
for (const type of ['portal-agreement-dialog-accepted', 'portal-agreement-dialog-declined']) {
  document.addEventListener(type, (event) => record(event.type, event.detail));
}
document.addEventListener('portal-login-signed-out', (event) => {
  user = null;
  showSession();
  record(event.type);
});

render();
