import { expect } from 'chai';
import { CHUNK_RELOAD_INTERVAL_MS, isChunkLoadError, reloadOnChunkError } from './chunk-reload';

const KEY = 'portal.chunk-reload-at';
const chromium = () =>
  new TypeError('Failed to fetch dynamically imported module: https://portal.example/widgets/a.js');

/** A fake tab: storage, a reload counter and a clock the test moves. */
function fakeTab(start = 1_700_000_000_000) {
  const items = new Map<string, string>();
  const tab = {
    items,
    reloads: 0,
    time: start,
    deps: {
      storage: {
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => void items.set(key, value),
      },
      reload: () => {
        tab.reloads++;
      },
      now: () => tab.time,
    },
  };
  return tab;
}

describe('isChunkLoadError', () => {
  it('knows the dynamic import failures of Chromium, Firefox and Safari, and ChunkLoadError', () => {
    expect(isChunkLoadError(chromium())).to.equal(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: https://x/a.js'))).to.equal(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).to.equal(true);
    const chunkLoadError = new Error('Loading chunk 7 failed.');
    chunkLoadError.name = 'ChunkLoadError';
    expect(isChunkLoadError(chunkLoadError)).to.equal(true);
  });

  it('rejects other errors and non-errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).to.equal(false);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).to.equal(false);
    // The words alone are not enough: it must be the TypeError the browser throws.
    expect(isChunkLoadError(new Error('Failed to fetch dynamically imported module'))).to.equal(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).to.equal(false);
    expect(isChunkLoadError({ name: 'ChunkLoadError', message: '' })).to.equal(false);
    expect(isChunkLoadError(null)).to.equal(false);
    expect(isChunkLoadError(undefined)).to.equal(false);
  });

  it('is true for the error a real failed import() throws', async () => {
    let failure: unknown;
    await import(`${location.origin}/no-such-chunk-${Date.now()}.js`).catch((error: unknown) => {
      failure = error;
    });
    expect(isChunkLoadError(failure)).to.equal(true);
  });
});

describe('reloadOnChunkError', () => {
  it('reloads once for a chunk error and remembers when', () => {
    const tab = fakeTab();
    expect(reloadOnChunkError(chromium(), tab.deps)).to.equal(true);
    expect(tab.reloads).to.equal(1);
    expect(tab.items.get(KEY)).to.equal(String(tab.time));
  });

  it('does not reload again within 60 s', () => {
    expect(CHUNK_RELOAD_INTERVAL_MS).to.equal(60_000);
    const tab = fakeTab();
    reloadOnChunkError(chromium(), tab.deps);
    tab.time += 1;
    expect(reloadOnChunkError(chromium(), tab.deps)).to.equal(false);
    tab.time += CHUNK_RELOAD_INTERVAL_MS - 2;
    expect(reloadOnChunkError(chromium(), tab.deps)).to.equal(false);
    expect(tab.reloads).to.equal(1);
  });

  it('reloads again once 60 s have passed', () => {
    const tab = fakeTab();
    reloadOnChunkError(chromium(), tab.deps);
    tab.time += CHUNK_RELOAD_INTERVAL_MS;
    expect(reloadOnChunkError(chromium(), tab.deps)).to.equal(true);
    expect(tab.reloads).to.equal(2);
    expect(tab.items.get(KEY)).to.equal(String(tab.time));
  });

  it('reloads when the clock starts at zero and nothing is stored', () => {
    const tab = fakeTab(0);
    expect(reloadOnChunkError(chromium(), tab.deps)).to.equal(true);
  });

  it('ignores errors that are not chunk errors', () => {
    const tab = fakeTab();
    expect(reloadOnChunkError(new TypeError('Failed to fetch'), tab.deps)).to.equal(false);
    expect(reloadOnChunkError(new Error('boom'), tab.deps)).to.equal(false);
    expect(tab.reloads).to.equal(0);
    expect(tab.items.size).to.equal(0);
  });

  it('does not reload, nor throw, when storage cannot be read or written', () => {
    const tab = fakeTab();
    const denied = () => {
      throw new DOMException('The document is sandboxed', 'SecurityError');
    };
    expect(reloadOnChunkError(chromium(), { ...tab.deps, storage: { ...tab.deps.storage, getItem: denied } })).to.equal(
      false,
    );
    expect(reloadOnChunkError(chromium(), { ...tab.deps, storage: { ...tab.deps.storage, setItem: denied } })).to.equal(
      false,
    );
    expect(tab.reloads).to.equal(0);
  });

  it('does not throw when sessionStorage itself is denied, as in a sandboxed iframe', () => {
    const own = Object.getOwnPropertyDescriptor(window, 'sessionStorage');
    let read = 0;
    Object.defineProperty(window, 'sessionStorage', {
      configurable: true,
      get() {
        read++;
        throw new DOMException('The document is sandboxed', 'SecurityError');
      },
    });
    try {
      // The real defaults: were storage readable this would reload the test page.
      expect(reloadOnChunkError(chromium())).to.equal(false);
      expect(read).to.equal(1);
    } finally {
      if (own) Object.defineProperty(window, 'sessionStorage', own);
      else Reflect.deleteProperty(window, 'sessionStorage');
    }
    expect(() => sessionStorage.getItem(KEY)).not.to.throw();
  });
});
