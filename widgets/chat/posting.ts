import { ChatRefusal, refusal } from './refusal';
import type { ChatMessage, Outgoing } from './types';
import { isUnknownVisitor } from './visitor';
import { backoff, MAX_FAILURES, untilOnline } from './waits';

/** What a POST to the chat service needs: where, and who the visitor is. */
export interface PostingOptions {
  /** The chat API, e.g. `https://portal.example/api/chat`. */
  base: string;
  /** Who the visitor is: `X-Chat-Visitor`, and `Authorization` when signed in (rejects while no visitor id can be had). */
  headers(): Promise<Record<string, string>>;
  /** The service did not know the visitor id: the next `headers` brings a new one. */
  unknownVisitor(): void;
}

/**
 * Answers that say nothing about the message: a proxy's while the instance behind
 * it is gone or restarting (502, 504), or a stopping instance's (503). Like no
 * answer, they are tried again with the same client id, which stores it once.
 */
const PASSING_FAILURES = [502, 503, 504];

/** A POST with the visitor's headers; undefined when it got no answer (or no visitor id could be had). */
async function call(options: PostingOptions, path: string, body: unknown): Promise<Response | undefined> {
  try {
    return await fetch(`${options.base}${path}`, {
      method: 'POST',
      headers: { ...(await options.headers()), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return undefined;
  }
}

/**
 * Sends a message. A network failure (or a passing one, `PASSING_FAILURES`) is retried with the same client id until it
 * gets an answer (the service stores a retried message once), while offline for as
 * long as it takes, online up to `MAX_FAILURES` tries: then it rejects with an empty
 * reason (the service is out of reach). A refusal (too long, too fast) is not
 * retried: it rejects with the service's reason.
 */
export async function sendMessage(options: PostingOptions, message: Outgoing, clientId: string): Promise<ChatMessage> {
  for (let attempt = 0, failures = 0, renewed = false; ; attempt++) {
    const response = await call(options, '/messages', { ...message, clientId });
    if (response && !PASSING_FAILURES.includes(response.status)) {
      if (response.ok) return (await response.json()).result as ChatMessage;
      const refused = await refusal(response);
      if (!renewed && isUnknownVisitor(refused.status, refused.code)) {
        renewed = true;
        options.unknownVisitor();
        continue;
      }
      throw refused;
    }
    if (navigator.onLine && ++failures >= MAX_FAILURES) throw new ChatRefusal(0, '');
    await untilOnline(backoff(attempt));
  }
}

/** Posts to another call of the service (metadata); refusals reject. */
export async function postTo(options: PostingOptions, path: string, body: unknown): Promise<unknown> {
  const response = await call(options, path, body);
  if (!response) throw new ChatRefusal(0, '');
  if (!response.ok) throw await refusal(response);
  return (await response.json()).result;
}
