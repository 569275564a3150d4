import { setUserInfo, type UserInfo } from '../stores/user';
import { toastErrorOnce } from '../toast';
import { $tokens, readStoredTokens, saveTokens, type Tokens, tokensFrom } from '../tokens';
import { HUB_TIMEOUT_MS, type HubClient, hubUrl, sharedHub } from './hub';
import { rememberedUser, rememberUser } from './remembered-user';
import { accountGet, accountUrl, failureMessage, isServiceFailure, isUnauthorized, type TokenAnswer } from './service';
import { MONITOR_DEFAULTS, type MonitorOptions, startSessionMonitor } from './session-monitor';
import { currentAddress, returnedSignIn, startSignIn } from './sign-in';
import { openTabChannel, withRefreshLock } from './tab-sync';
import { type CustomerInfo, toUserInfo } from './user-info';

export { STATE_STORAGE_KEY, VERIFIER_STORAGE_KEY } from './sign-in';

/** After a failed code exchange the page reloads this much later (SPEC §8). */
export const FAILED_EXCHANGE_RELOAD_MS = 3000;
export interface AccountOptions {
  appId: string;
  /** `customer` (this portal) or `business` (staff of the console). */
  mode: 'customer' | 'business';
  /** Base URL of the account service. */
  accountServer: string;
  /** Whether the token may be refreshed at all. */
  refresh: boolean;
  /** Whether the session monitor refreshes or signs out on its own. */
  autoRefresh: boolean;
  monitor?: Partial<MonitorOptions>;
  /** Share the sign-in with other origins through the hub frame. */
  hub: boolean;
  hubTimeout?: number;
  /** Adds what the account service does not know (the portal's certification flag). */
  loadProfile?: (tokens: Tokens) => Promise<Partial<UserInfo>>;
  /** Seams for tests; the browser's own by default. `replace`: this page's entry in the history gives way to `url`. */
  navigate?: (url: string, replace?: boolean) => void;
  reload?: () => void;
  schedule?: (fn: () => void, ms: number) => void;
}

export interface AccountClient {
  /** Finishes a sign-in in the URL, or checks the stored one; fills the user store. */
  init(): Promise<UserInfo | null>;
  /**
   * Goes to the account service's sign-in; it comes back to `returnTo` (an address
   * of this page's origin: the action the sign-in was asked for), else to this page.
   */
  login(returnTo?: string): void;
  logout(): void;
  /** Refreshes the token (one tab at a time); null when refresh is switched off. */
  refreshToken(): Promise<Tokens | null>;
  getMenuTree(code?: string): Promise<unknown>;
  getButtons(): Promise<unknown>;
  close(): void;
}

export function createAccountClient(options: AccountOptions): AccountClient {
  const navigate =
    options.navigate ?? ((url: string, replace?: boolean) => (replace ? location.replace(url) : location.assign(url)));
  const reload = options.reload ?? (() => location.reload());
  const schedule = options.schedule ?? ((fn: () => void, ms: number) => void setTimeout(fn, ms));
  const url = (path: string, params: Record<string, string | undefined> = {}) =>
    accountUrl(options.accountServer, path, params);
  const monitorOptions = { ...MONITOR_DEFAULTS, ...options.monitor };

  let hub: HubClient | undefined;
  const theHub = () => {
    if (!options.hub) return undefined;
    hub ??= sharedHub(hubUrl(options.accountServer, options.appId), options.hubTimeout ?? HUB_TIMEOUT_MS);
    return hub;
  };
  let lastRefreshAt = 0;
  let stopMonitor: (() => void) | undefined;

  const forget = () => {
    saveTokens(null);
    rememberUser(null, null);
    setUserInfo(null);
  };

  /**
   * The service failed, not the sign-in (a 5xx, no answer): the visitor stays
   * signed in as last shown, and is told once (SPEC §8). With no user kept for
   * this sign-in the page shows none, and the next load tries again.
   */
  const keepThrough = (tokens: Tokens, error: unknown): UserInfo | null => {
    const kept = rememberedUser(tokens.accessToken);
    setUserInfo(kept);
    toastErrorOnce(failureMessage(error));
    return kept;
  };

  const tabs = openTabChannel(() => forget());

  async function exchange(code: string, redirectUri: string, verifier: string | null): Promise<Tokens | null> {
    try {
      const answer = await accountGet<TokenAnswer>(
        url('/api/guc/protocol/oauth2/token/by-code', {
          code,
          appId: options.appId,
          redirectUri,
          code_verifier: verifier ?? undefined,
        }),
      );
      const tokens = tokensFrom(answer);
      saveTokens(tokens);
      await theHub()?.set(tokens);
      return tokens;
    } catch {
      forget();
      schedule(reload, FAILED_EXCHANGE_RELOAD_MS);
      return null;
    }
  }

  /** The sign-in in the URL, if one is coming back from the account service (and this tab started it). */
  async function finishSignIn(): Promise<Tokens | null | undefined> {
    const returned = returnedSignIn();
    return returned && exchange(returned.code, returned.redirectUri, returned.verifier);
  }

  async function loadUser(tokens: Tokens): Promise<UserInfo | null> {
    try {
      await accountGet(url('/api/guc/token/verify'), tokens.accessToken);
    } catch (error) {
      if (isServiceFailure(error)) return keepThrough(tokens, error);
      forget();
      return null;
    }
    const infoPath =
      options.mode === 'customer' ? '/api/guc/customer/current/customer-info' : '/api/guc/current/user-info';
    try {
      const info = await accountGet<CustomerInfo>(url(infoPath), tokens.accessToken);
      const profile =
        (await options.loadProfile?.(tokens).catch((error: unknown) => {
          // The portal's part failed: the certification and company last shown stand in for it.
          toastErrorOnce(failureMessage(error));
          return rememberedUser(tokens.accessToken) ?? {};
        })) ?? {};
      const user = toUserInfo(info ?? {}, profile);
      setUserInfo(user);
      rememberUser(tokens.accessToken, user);
      return user;
    } catch (error) {
      if (isUnauthorized(error)) client.logout();
      else if (isServiceFailure(error)) return keepThrough(tokens, error);
      else setUserInfo(null);
      return null;
    }
  }

  async function authorised<T>(path: string, params: Record<string, string | undefined>): Promise<T> {
    const token = $tokens.get()?.accessToken;
    try {
      return await accountGet<T>(url(path, { appId: options.appId, ...params }), token);
    } catch (error) {
      if (isUnauthorized(error)) client.logout();
      throw error;
    }
  }

  const client: AccountClient = {
    async init() {
      const returned = await finishSignIn();
      if (returned === null) return null;
      let tokens = returned ?? $tokens.get();
      if (!tokens) {
        tokens = (await theHub()?.get()) ?? null;
        if (tokens) saveTokens(tokens);
      }
      // Signed in or not, hear about sign-ins and sign-outs made on other origins.
      void theHub()?.onChange((shared) => {
        if (!shared) forget();
        else if (shared.accessToken !== $tokens.get()?.accessToken) {
          saveTokens(shared);
          void loadUser(shared);
        }
      });
      if (!tokens || tokens.expiresAt <= Date.now()) {
        forget();
        return null;
      }
      const user = await loadUser(tokens);
      if (user && options.refresh && options.autoRefresh && !stopMonitor) {
        stopMonitor = startSessionMonitor(
          {
            expiresAt: () => $tokens.get()?.expiresAt ?? null,
            lastRefreshAt: () => lastRefreshAt,
            refresh: () => client.refreshToken(),
            logout: () => client.logout(),
          },
          monitorOptions,
        );
      }
      return user;
    },

    login(returnTo) {
      void startSignIn(returnTo).then((signIn) => {
        const params: Record<string, string | undefined> = {
          appId: options.appId,
          redirectUri: signIn.redirectUri,
          page_type: options.mode === 'customer' ? 'c' : undefined,
          state: signIn.state,
          code_challenge: signIn.challenge,
          code_challenge_method: signIn.challenge && 'S256',
        };
        // Coming back to this page, the sign-in takes this page's place in the history,
        // and the service's page gives its own to the page it returns to: after signing
        // in, one Back leaves to where the visitor was before. Going on to
        // another page (an order), this one stays behind it.
        navigate(url('/api/guc/protocol/oauth2/auth', params).href, signIn.redirectUri === currentAddress().href);
      });
    },

    logout() {
      const token = $tokens.get()?.accessToken;
      forget();
      tabs.post({ type: 'signed-out' });
      stopMonitor?.();
      stopMonitor = undefined;
      const leave = () =>
        navigate(url('/api/guc/protocol/oauth2/logout', { token, redirectUri: currentAddress().href }).href);
      // Leaving at once would unload the hub frame before it hears the sign-out, and
      // the other origins would stay signed in: wait for its answer (or its timeout).
      const hubCleared = theHub()?.clear();
      if (hubCleared) void hubCleared.then(leave);
      else leave();
    },

    async refreshToken() {
      if (!options.refresh) return null;
      const before = $tokens.get();
      if (!before) return null;
      return withRefreshLock(async () => {
        // Another tab may have refreshed while this one waited for the lock.
        const stored = readStoredTokens();
        if (stored && stored.expiresAt > before.expiresAt) {
          $tokens.set(stored);
          return stored;
        }
        const answer = await accountGet<TokenAnswer>(
          url('/api/guc/token/refresh', { refreshToken: (stored ?? before).refreshToken }),
        );
        const tokens = tokensFrom(answer);
        saveTokens(tokens);
        lastRefreshAt = Date.now();
        await theHub()?.set(tokens);
        return tokens;
      });
    },

    getMenuTree: (code) => authorised('/api/guc/current/menu/tree', { code }),
    getButtons: () => authorised('/api/guc/current/buttons', {}),

    close() {
      stopMonitor?.();
      tabs.close();
      hub?.close();
    },
  };
  return client;
}
