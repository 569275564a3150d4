// A React app embedding portal elements, type-checked against the published
// declarations (`industrial-portal/react` adds the tags to React's JSX).
import type {} from 'industrial-portal/react';
import { useEffect, useRef } from 'react';

export function AccountBar({ lang }: { lang: 'zh-CN' | 'en' }) {
  const login = useRef<HTMLElementTagNameMap['portal-login']>(null);

  useEffect(() => {
    const element = login.current;
    if (!element) return;
    const onSignedIn = (event: HTMLElementEventMap['portal-login-signed-in']) => {
      console.log(`${event.detail.name} (${event.detail.companyId ?? 'no company'})`);
    };
    element.addEventListener('portal-login-signed-in', onSignedIn);
    return () => element.removeEventListener('portal-login-signed-in', onSignedIn);
  }, []);

  return (
    <>
      <portal-header lang={lang} theme="dark" no-login class="site-header" />
      {/* @ts-expect-error a boolean attribute: present or not */}
      <portal-header no-login="yes" />
      {/* @ts-expect-error React 18 writes `className` on a custom element as a `classname` attribute */}
      <portal-login className="account" />
      <portal-login ref={login} lang={lang} />
      <portal-cookie-notice lang="en" />
      {/* @ts-expect-error only zh-CN and en are languages of the widgets */}
      <portal-footer lang="fr" />
      {/* @ts-expect-error the header has two themes */}
      <portal-header theme="blue" />
    </>
  );
}

export function signedInName(): string | undefined {
  const login = document.querySelector('portal-login');
  // @ts-expect-error the detail has no such field
  login?.addEventListener('portal-login-signed-in', (event) => event.detail.password);
  return login?.lang;
}
