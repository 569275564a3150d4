export { type AccountClient, type AccountOptions, createAccountClient, FAILED_EXCHANGE_RELOAD_MS } from './client';
export { connectHub, HUB_TIMEOUT_MS, type HubClient, type HubMessage, type HubRequest } from './hub';
export { portalAccount, startPortalAccount } from './portal-account';
export { ACCOUNT_SUCCESS, AccountError, accountUrl } from './service';
export { decide, MONITOR_DEFAULTS, type MonitorOptions, type SessionDecision } from './session-monitor';
export { REFRESH_LOCK, withRefreshLock } from './tab-sync';
