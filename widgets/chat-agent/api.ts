import { type InboxPage, type InboxQuery, inboxHref } from '../../contract/chat-inbox';

/** The agent inbox's API, behind the agent sign-in (its cookie goes along). */
export const API = '/chat/agent/api';

/** A refusal of the inbox's API, with its status (401: the session has ended). */
export class CallFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export async function call<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${API}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json().catch(() => ({}));
  if (!response.ok) throw new CallFailure(json.msg ?? `HTTP ${response.status}`, response.status);
  return json.result as T;
}

/** The page of the list a query names: the API takes the page's own query. */
export const pageOf = (query: InboxQuery) =>
  call<InboxPage>(`/conversations${inboxHref(query).slice('/chat/agent'.length)}`);
