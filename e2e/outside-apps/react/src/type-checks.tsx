// Never rendered: what the package's typings must refuse. Each line below an
// expect-error directive is a mistake an app could make; `tsc` fails if it is accepted.
import type { PortalElementEvents } from '@industrial-portal/widgets';

export const refused = (
  <>
    {/* @ts-expect-error not a theme */}
    <portal-header theme="blue" />
    {/* @ts-expect-error not a side */}
    <portal-chat-launcher position="top" />
    {/* @ts-expect-error not a provider */}
    <portal-chat-launcher provider="zendesk" />
    {/* @ts-expect-error not a language of the widgets */}
    <portal-login lang="fr" />
    {/* @ts-expect-error no such attribute */}
    <portal-login colour="red" />
    {/* @ts-expect-error React 18 writes it as a `classname` attribute: `class` is the one that works */}
    <portal-login className="app-login" />
  </>
);

export function theme(header: HTMLElementTagNameMap['portal-header']) {
  // @ts-expect-error not a theme
  header.theme = 'blue';
}

export function listen(element: HTMLElementTagNameMap['portal-login']) {
  element.addEventListener('portal-login-signed-in', (event) => {
    const name: string = event.detail.name;
    // @ts-expect-error the detail has no such field
    return [name, event.detail.email];
  });
  const detail: PortalElementEvents['portal-agreement-dialog-accepted']['detail'] = {
    code: 'privacy',
    templateVersion: '1',
  };
  return detail;
}
