import { isTokens, type Tokens } from '../stored-tokens';

/** How long the hub frame may take to load or answer (SPEC §9). */
export const HUB_TIMEOUT_MS = 5000;

/**
 * Messages between a page and the account service's token hub frame
 * (`/api/guc/view/token/hub?appId=`). The hub keeps one sign-in for every origin
 * registered for the application, in the account service's own storage.
 */
export type HubCommand = { type: 'get' } | { type: 'set'; tokens: Tokens } | { type: 'clear' };
export type HubRequest = { source: 'guc-client'; id: number } & HubCommand;
export type HubMessage =
  | { source: 'guc-hub'; type: 'ready' }
  | { source: 'guc-hub'; type: 'result'; id: number; tokens: Tokens | null }
  | { source: 'guc-hub'; type: 'changed'; tokens: Tokens | null };

export interface HubClient {
  /** The shared sign-in, or null when there is none or the hub does not answer in time. */
  get(): Promise<Tokens | null>;
  set(tokens: Tokens): Promise<void>;
  clear(): Promise<void>;
  /**
   * Another origin signed in or out. Subscribing asks the hub once, because the
   * hub learns which origin to tell about changes from the page's first message.
   * Resolves once the hub has answered (or given up).
   */
  onChange(listener: (tokens: Tokens | null) => void): Promise<void>;
  close(): void;
}

/** The hub page of an application on an account service. */
export function hubUrl(accountServer: string, appId: string): URL {
  const url = new URL('api/guc/view/token/hub', accountServer.endsWith('/') ? accountServer : `${accountServer}/`);
  url.searchParams.set('appId', appId);
  return url;
}

const shared = new Map<string, HubClient>();

/** One hub frame per page and address, however many parts of the page ask. */
export function sharedHub(url: URL, timeout = HUB_TIMEOUT_MS): HubClient {
  let hub = shared.get(url.href);
  if (!hub) {
    const connected = connectHub(url, timeout);
    hub = {
      ...connected,
      close() {
        shared.delete(url.href);
        connected.close();
      },
    };
    shared.set(url.href, hub);
  }
  return hub;
}

/** Opens the hub in a hidden frame. Only messages from the hub's origin and frame count. */
export function connectHub(hubUrl: URL, timeout = HUB_TIMEOUT_MS): HubClient {
  const hubOrigin = hubUrl.origin;
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.title = 'sign-in sync';
  frame.src = hubUrl.href;

  const pending = new Map<number, (tokens: Tokens | null) => void>();
  const listeners = new Set<(tokens: Tokens | null) => void>();
  let nextId = 1;
  let markReady: () => void = () => {};
  const ready = new Promise<boolean>((resolve) => {
    markReady = () => resolve(true);
    setTimeout(() => resolve(false), timeout);
  });

  const onMessage = (event: MessageEvent<HubMessage>) => {
    if (event.origin !== hubOrigin || event.source !== frame.contentWindow) return;
    const message = event.data;
    if (message?.source !== 'guc-hub') return;
    const tokens = 'tokens' in message && isTokens(message.tokens) ? message.tokens : null;
    if (message.type === 'ready') markReady();
    else if (message.type === 'result') pending.get(message.id)?.(tokens);
    else if (message.type === 'changed') for (const listener of listeners) listener(tokens);
  };
  window.addEventListener('message', onMessage);
  // The frame goes in with a task of its own: making a frame is costly enough
  // to turn whatever task asked for the hub into a long one.
  const placing = setTimeout(() => (document.body ?? document.documentElement).append(frame));

  const send = async (request: HubCommand): Promise<Tokens | null> => {
    if (!(await ready)) return null;
    const id = nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(null), timeout);
      const finish = (tokens: Tokens | null) => {
        clearTimeout(timer);
        pending.delete(id);
        resolve(tokens);
      };
      pending.set(id, finish);
      frame.contentWindow?.postMessage({ ...request, source: 'guc-client', id }, hubOrigin);
    });
  };

  return {
    get: () => send({ type: 'get' }),
    set: async (tokens) => void (await send({ type: 'set', tokens })),
    clear: async () => void (await send({ type: 'clear' })),
    async onChange(listener) {
      listeners.add(listener);
      await send({ type: 'get' });
    },
    close() {
      clearTimeout(placing);
      window.removeEventListener('message', onMessage);
      frame.remove();
    },
  };
}
