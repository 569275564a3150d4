import { expect } from 'chai';
import { ChatConnection } from './connection';

const noop = () => {};

describe('sending a chat message through a load balancer', () => {
  it('sends it again with the same client id after a 502 and a 503, so it is stored once and not refused', async () => {
    const connection = new ChatConnection({
      base: `${location.origin}/api/test/flaky-chat`,
      headers: async () => ({}),
      unknownVisitor: noop,
      onMessage: noop,
      onPresence: noop,
      onStatus: noop,
    });
    const clientId = `flaky${Math.random().toString(36).slice(2)}`;
    const stored = await connection.send({ kind: 'text', text: '设备离线了怎么办？' }, clientId);
    connection.stop();
    expect(stored.clientId).to.equal(clientId);
    expect(stored.text).to.equal('设备离线了怎么办？');
    const tries = await (await fetch(`/api/test/flaky-chat/tries?clientId=${clientId}`)).json();
    expect(tries).to.equal(3);
  });
});

describe('the live stream at the service’s limits', () => {
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const base = (run: string) =>
    `${location.origin}/api/test/limited-chat/${run}-${Math.random().toString(36).slice(2)}`;
  const count = async (at: string) => (await (await fetch(`${at}/count`)).json()) as number;
  const connect = (at: string, statuses: string[], headers = async () => ({}), unknownVisitor = noop) =>
    new ChatConnection({
      base: at,
      headers,
      unknownVisitor,
      onMessage: noop,
      onPresence: noop,
      onStatus: (status) => statuses.push(status),
    });
  const until = async (done: () => boolean | Promise<boolean>, what: string) => {
    for (let i = 0; i < 100; i++) {
      if (await done()) return;
      await pause(50);
    }
    throw new Error(`not within 5 s: ${what}`);
  };

  it('a refused stream (429, Retry-After) waits as asked, then opens; it is not taken for an unreachable service', async () => {
    const at = base('busy');
    const statuses: string[] = [];
    const connection = connect(at, statuses);
    connection.start();
    await until(() => statuses.includes('offline'), 'the refusal');
    const refusedAt = performance.now();
    await until(() => statuses.includes('open'), 'the stream open');
    connection.stop();
    expect(performance.now() - refusedAt).to.be.greaterThan(900);
    expect(statuses).not.to.include('unreachable');
    expect(await count(at)).to.equal(2);
  });

  it('an idle stream is not opened again until the visitor acts', async () => {
    const at = base('idle');
    const statuses: string[] = [];
    const connection = connect(at, statuses);
    connection.start();
    await until(() => statuses.includes('idle'), 'idle');
    await pause(2500); // longer than any reconnection's wait
    expect(await count(at)).to.equal(1);
    window.dispatchEvent(new Event('focus'));
    await until(() => statuses.at(-1) === 'open', 'open again after the visitor acted');
    connection.stop();
    expect(await count(at)).to.equal(2);
  });

  it('an id the service does not know is forgotten, and the stream asked again at once with a new one', async () => {
    const at = base('stale');
    const statuses: string[] = [];
    let id = 'stale';
    const connection = connect(
      at,
      statuses,
      async () => ({ 'X-Chat-Visitor': id }),
      () => {
        id = 'fresh';
      },
    );
    connection.start();
    await until(() => statuses.includes('open'), 'open with the new id');
    connection.stop();
    expect(id).to.equal('fresh');
    expect(statuses).not.to.include('refused');
  });
});
