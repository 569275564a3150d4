export { configureHttp, DEFAULT_TIMEOUT_MS, getData, http, type RequestOptions, request } from './client';
export { ApiError, type Envelope, NO_DATA, SUCCESS, unwrap } from './envelope';
export { messageForStatus, NETWORK_FAILURE_MESSAGE, STATUS_MESSAGES } from './messages';
export { apiUrl, sendsToken } from './routing';
