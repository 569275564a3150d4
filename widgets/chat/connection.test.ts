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

describe('reading the live stream', () => {
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const encoder = new TextEncoder();
  /** A stream answer whose body comes in these chunks, a pause apart; open ones never end. */
  const streamOf = (chunks: string[], open = false) =>
    new Response(
      new ReadableStream<Uint8Array>({
        async start(controller) {
          for (const chunk of chunks) {
            controller.enqueue(encoder.encode(chunk));
            await pause(30);
          }
          if (!open) controller.close();
        },
      }),
      { headers: { 'Content-Type': 'text/event-stream' } },
    );
  /** Answers the stream's requests with these answers in turn (the last one again after), other calls as usual. */
  const withStreams = async (answers: Array<() => Response>, run: () => Promise<void>) => {
    const original = window.fetch;
    let next = 0;
    window.fetch = async (input, init) => {
      if (!String(input).endsWith('/events')) return original(input, init);
      const answer = answers[Math.min(next++, answers.length - 1)];
      return answer ? answer() : original(input, init);
    };
    try {
      await run();
    } finally {
      window.fetch = original;
    }
  };
  const until = async (done: () => boolean, what: string) => {
    for (let i = 0; i < 100; i++) {
      if (done()) return;
      await pause(50);
    }
    throw new Error(`not within 5 s: ${what}`);
  };

  it('reads a line ended by CR LF when the CR and the LF come in different chunks', async () => {
    const presence: boolean[] = [];
    const messages: unknown[] = [];
    await withStreams(
      [() => streamOf(['event: presence\r', '\ndata: {"online":true}\r\n\r\n', 'event: presence\r\n'], true)],
      async () => {
        const connection = new ChatConnection({
          base: '/api/test/split-chat',
          headers: async () => ({}),
          unknownVisitor: noop,
          onMessage: (message) => messages.push(message),
          onPresence: (online) => presence.push(online),
          onStatus: noop,
        });
        connection.start();
        await pause(500);
        connection.stop();
      },
    );
    expect(presence).to.deep.equal([true]);
    expect(messages).to.deep.equal([]);
  });

  it('waits before reconnecting as long as the stream’s retry: field asks', async () => {
    const statuses: Array<[string, number]> = [];
    await withStreams(
      [() => streamOf(['retry: 1500\n\n', 'event: presence\ndata: {"online":true}\n\n']), () => streamOf([], true)],
      async () => {
        const connection = new ChatConnection({
          base: '/api/test/retry-chat',
          headers: async () => ({}),
          unknownVisitor: noop,
          onMessage: noop,
          onPresence: noop,
          onStatus: (status) => statuses.push([status, performance.now()]),
        });
        connection.start();
        await until(() => statuses.filter(([status]) => status === 'open').length === 2, 'open again');
        connection.stop();
      },
    );
    const dropped = statuses.find(([status]) => status === 'offline')?.[1] ?? 0;
    const reopened = statuses.filter(([status]) => status === 'connecting')[1]?.[1] ?? 0;
    expect(reopened - dropped).to.be.greaterThan(1400);
  });
});
