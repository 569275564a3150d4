/** A request the page made, as the server saw it. */
export interface RecordedRequest {
  url: URL;
  headers: Headers;
}

/**
 * Records every fetch the page makes while still sending it to the (fake) server,
 * so tests see real responses and can also check what was asked.
 */
export function recordFetches(): { requests: RecordedRequest[]; restore(): void } {
  const original = window.fetch;
  const requests: RecordedRequest[] = [];
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push({ url: new URL(request.url), headers: request.headers });
    return original(request);
  };
  return {
    requests,
    restore() {
      window.fetch = original;
    },
  };
}
