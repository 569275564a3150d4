import { expect } from 'chai';
import { ChatConnection } from './connection';

const noop = () => {};

describe('sending a chat message through a load balancer', () => {
  it('sends it again with the same client id after a 502 and a 503, so it is stored once and not refused', async () => {
    const connection = new ChatConnection({
      base: `${location.origin}/api/test/flaky-chat`,
      headers: () => ({}),
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
