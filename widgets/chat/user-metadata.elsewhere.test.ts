import { expect } from 'chai';
import { configurePortal } from '../core/configure';
import { hubFrames } from '../test-support/phone';
import { waitFor } from '../test-support/wait';
import { askForUser } from './user-metadata';

const originOf = async (path: string) => ((await (await fetch(path)).json()) as { origin: string }).origin;

describe('the chat shown on a page of an origin the account service registered', () => {
  it('asks the account service’s hub for the user, as on the portal’s own pages', async () => {
    const hub = await originOf('/api/test/hub-origin');
    // The portal elsewhere; its account service (the hub's server) lists this page.
    configurePortal({ origin: await originOf('/api/test/second-portal'), env: { name: 'local', accountServer: hub } });
    expect(hubFrames()).to.equal(0);
    askForUser();
    await waitFor(() => hubFrames() === 1, 'the hub asked when the chat is shown');
    expect(document.querySelector<HTMLIFrameElement>('iframe[title="sign-in sync"]')!.src).to.match(
      new RegExp(`^${hub}/api/guc/view/token/hub\\?appId=`),
    );
  });
});
