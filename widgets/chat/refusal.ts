/** A refusal from the chat service, with its reason for the visitor. */
export class ChatRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The envelope's code, when the service sent one. */
    readonly code?: string,
    /** How long the service asked to wait (Retry-After), in ms. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** Reads `{code, msg}` from a failed answer; a plain text fallback otherwise. */
export async function refusal(response: Response): Promise<ChatRefusal> {
  const body = await response.json().catch(() => ({}));
  const wait = Number(response.headers.get('Retry-After'));
  return new ChatRefusal(
    response.status,
    typeof body?.msg === 'string' ? body.msg : `HTTP ${response.status}`,
    typeof body?.code === 'string' ? body.code : undefined,
    Number.isFinite(wait) && wait > 0 ? Math.min(wait, 600) * 1000 : undefined,
  );
}

/** An answer that says there is no chat service here (a wrong portal): not a passing failure. */
export const isGone = (status: number) => status < 500 && status !== 408 && status !== 429;
