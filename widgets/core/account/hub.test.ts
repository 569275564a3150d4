import { expect } from 'chai';
import { waitFor } from '../../test-support/wait';
import { connectHub as connect, type HubClient } from './hub';
import { accountUrl } from './service';

// The account service's hub runs on another port: same site, another origin.
let accountServer: string;
before(async () => {
  accountServer = (await (await fetch('/api/test/hub-origin')).json()).origin;
});
const hubUrl = (base: string) => accountUrl(base, '/api/guc/view/token/hub', { appId: '9090' });
const shared = { accessToken: 'at-shared', refreshToken: 'rt-shared', expiresAt: Date.now() + 3_600_000 };

const open: HubClient[] = [];
const connectHub = (url: URL, timeout: number) => {
  const hub = connect(url, timeout);
  open.push(hub);
  return hub;
};
const frames = () => document.querySelectorAll('iframe[title="sign-in sync"]').length;

describe('token hub', () => {
  afterEach(() => {
    for (const hub of open.splice(0)) hub.close();
  });

  it('shares a sign-in through the account service origin', async () => {
    const writer = connectHub(hubUrl(accountServer), 3000);
    await writer.set(shared);
    writer.close();
    const reader = connectHub(hubUrl(accountServer), 3000);
    expect(await reader.get()).to.deep.equal(shared);
    await reader.clear();
    expect(await reader.get()).to.equal(null);
    reader.close();
    // The hub's storage is the account origin's, not this page's.
    expect(localStorage.getItem('guc.hub.tokens')).to.equal(null);
  });

  it('tells a subscribed page when another page signs in or out, without the page asking first', async () => {
    const watcher = connectHub(hubUrl(accountServer), 3000);
    const seen: (typeof shared | null)[] = [];
    await watcher.onChange((tokens) => seen.push(tokens));
    const other = connectHub(hubUrl(accountServer), 3000);
    await other.set(shared);
    await waitFor(() => seen.length === 1, 'the sign-in made elsewhere');
    expect(seen[0]).to.deep.equal(shared);
    await other.clear();
    await waitFor(() => seen.length === 2, 'the sign-out made elsewhere');
    expect(seen[1]).to.equal(null);
  });

  it('gives up after the timeout when the hub does not answer', async () => {
    const started = performance.now(); // the timer starts inside connectHub
    const hub = connectHub(hubUrl(`${accountServer}/silent`), 300);
    expect(await hub.get()).to.equal(null);
    // Timers may fire a little early under load; the point is that it waited.
    expect(performance.now() - started).to.be.at.least(240);
    hub.close();
  });

  it('ignores messages that do not come from the hub frame on the account origin', async () => {
    const hub = connectHub(hubUrl(`${accountServer}/silent`), 500);
    const pending = hub.get();
    // A page script (another origin, another window) pretends to be the hub.
    for (let id = 0; id < 5; id++) {
      window.postMessage({ source: 'guc-hub', type: 'ready' }, '*');
      window.postMessage({ source: 'guc-hub', type: 'result', id, tokens: shared }, '*');
    }
    expect(await pending).to.equal(null);
    hub.close();
  });

  it('places its frame in a task of its own, and removes it when closed', async () => {
    const before = frames();
    const hub = connectHub(hubUrl(accountServer), 300);
    expect(frames(), 'not in the task that asked').to.equal(before);
    await new Promise((resolve) => setTimeout(resolve));
    expect(frames()).to.equal(before + 1);
    hub.close();
    expect(frames()).to.equal(before);
  });

  it('closed before its frame was placed, places none', async () => {
    const before = frames();
    connectHub(hubUrl(accountServer), 300).close();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(frames()).to.equal(before);
  });
});
