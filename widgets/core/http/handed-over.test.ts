import { expect } from 'chai';
import { atom } from 'nanostores';
import { handedOverOrFetched } from './handed-over';

/** A fetch that counts its calls and answers what it is given (or fails). */
function fetcher<T>(answer: () => Promise<T | null>) {
  const calls: unknown[] = [];
  return {
    calls,
    fetch: async (request: unknown) => {
      calls.push(request);
      return answer();
    },
  };
}

describe('handedOverOrFetched', () => {
  it('answers what the page handed over, without fetching', async () => {
    const store = atom<string[] | null>(['handed over']);
    const { calls, fetch } = fetcher(async () => ['fetched']);
    expect(await handedOverOrFetched(store, fetch)()).to.deep.equal(['handed over']);
    expect(calls).to.have.length(0);
  });

  it('fetches once with the HTTP client when the page brought nothing, however many ask', async () => {
    const store = atom<string[] | null>(null);
    const { calls, fetch } = fetcher(async () => ['fetched']);
    const load = handedOverOrFetched(store, fetch);
    const answers = await Promise.all([load(), load(), load()]);
    expect(answers).to.deep.equal([['fetched'], ['fetched'], ['fetched']]);
    expect(calls).to.have.length(1);
    expect(calls[0]).to.be.a('function');
    expect(store.get()).to.deep.equal(['fetched']);
    expect(await load()).to.deep.equal(['fetched']);
    expect(calls).to.have.length(1);
  });

  it('leaves the store empty when there is nothing to show, and does not ask again', async () => {
    const store = atom<string[] | null>(null);
    const { calls, fetch } = fetcher(async () => null);
    const load = handedOverOrFetched(store, fetch);
    expect(await load()).to.equal(null);
    expect(await load()).to.equal(null);
    expect(store.get()).to.equal(null);
    expect(calls).to.have.length(1);
  });

  it('answers null when the fetch fails, leaves the store empty and does not fetch again', async () => {
    const store = atom<string[] | null>(null);
    const { calls, fetch } = fetcher<string[]>(() => Promise.reject(new Error('offline')));
    const load = handedOverOrFetched(store, fetch);
    expect(await load()).to.equal(null);
    expect(store.get()).to.equal(null);
    expect(await load()).to.equal(null);
    expect(calls).to.have.length(1);
  });

  it('uses data that arrived while the page was being read instead of fetching', async () => {
    const store = atom<string[] | null>(null);
    const { calls, fetch } = fetcher(async () => ['fetched']);
    const loading = handedOverOrFetched(store, fetch)();
    store.set(['arrived']);
    expect(await loading).to.deep.equal(['arrived']);
    expect(calls).to.have.length(0);
  });
});
