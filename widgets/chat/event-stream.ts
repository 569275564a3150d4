import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** More than any one event the chat sends (a message is at most 500 characters): past it the stream is dropped. */
const MAX_BUFFER = 256 * 1024;

export interface EventStreamHandlers {
  onEvent(event: EventSourceMessage): void;
  /** The service's `retry:` field: how long to wait before reconnecting, in ms. */
  onRetry(ms: number): void;
}

/**
 * Reads a Server-Sent Events body to its end with eventsource-parser, which
 * follows the standard where a hand-written reader did not: a line may end in
 * CR, LF or CRLF, even with the CR and the LF in different chunks, and `retry:`
 * is reported. A body that will not end an event in `MAX_BUFFER` characters
 * rejects, like a dropped stream.
 */
export async function readEventStream(body: ReadableStream<Uint8Array>, handlers: EventStreamHandlers): Promise<void> {
  const parser = createParser({ ...handlers, maxBufferSize: MAX_BUFFER });
  const reader = body
    .pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>)
    .getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    parser.feed(value);
  }
}
