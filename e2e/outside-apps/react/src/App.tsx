import type { PortalElementEvents } from '@industrial-portal/widgets';
import { type RefObject, useEffect, useRef, useState } from 'react';

/** Listens to one of a portal element's events, typed by the package's event map. */
function usePortalEvent<K extends keyof PortalElementEvents>(
  ref: RefObject<HTMLElement | null>,
  name: K,
  listener: (event: PortalElementEvents[K]) => void,
) {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const listen = (event: PortalElementEvents[K]) => latest.current(event);
    element.addEventListener(name, listen);
    return () => element.removeEventListener(name, listen);
  }, [ref, name]);
}

export function App() {
  const login = useRef<HTMLElementTagNameMap['portal-login']>(null);
  const agreements = useRef<HTMLElementTagNameMap['portal-agreement-dialog']>(null);
  const chat = useRef<HTMLElementTagNameMap['portal-chat-launcher']>(null);
  const [user, setUser] = useState<string | null>(null);
  const [events, setEvents] = useState<string[]>([]);
  const heard = (name: string) => setEvents((list) => [...list, name]);

  usePortalEvent(login, 'portal-login-signed-in', (event) => {
    setUser(event.detail.name);
    heard(event.type);
  });
  usePortalEvent(login, 'portal-login-signed-out', (event) => {
    setUser(null);
    heard(event.type);
  });
  usePortalEvent(agreements, 'portal-agreement-dialog-accepted', (event) =>
    heard(`${event.type} ${event.detail.code}`),
  );
  usePortalEvent(agreements, 'portal-agreement-dialog-declined', (event) =>
    heard(`${event.type} ${event.detail.code}`),
  );
  usePortalEvent(chat, 'portal-chat-opened', (event) => heard(event.type));

  return (
    <>
      <header className="bar">
        <strong>外部应用</strong>
        <portal-login ref={login} lang="zh-CN" class="app-login" />
      </header>
      <main>
        <h1>订单概览</h1>
        <p data-testid="user">{user === null ? '未登录' : `已登录：${user}`}</p>
        <button type="button" onClick={() => chat.current?.open()}>
          联系客服
        </button>
        <ol role="log" aria-label="组件事件">
          {events.map((name, index) => (
            <li key={index}>{name}</li>
          ))}
        </ol>
      </main>
      <portal-agreement-dialog ref={agreements} lang="zh-CN" />
      <portal-chat-launcher ref={chat} lang="zh-CN" position="right" />
    </>
  );
}
