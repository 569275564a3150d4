import { clientProcess } from './client-process';
import { type LoadResult, load } from './load';

/** Seconds of the junk run; the visitor's client runs alongside for the same time. */
export const JUNK_SECONDS = 10;
/** Connections asking for junk addresses. */
export const JUNK_CONNECTIONS = 100;

export interface JunkResult {
  junk: {
    connections: number;
    requestsPerSecond: number;
    p99: number;
    /** Answers by status, e.g. 200, 404, 429. */
    statuses: Record<string, number>;
    /** Requests with no answer within 3 s, and socket errors. */
    timeouts: number;
    errors: number;
  };
  /** One visitor's client asking for `/` meanwhile. */
  visitor: LoadResult;
}

async function junkClient(url: string, connections: number, seconds: number): Promise<JunkResult['junk']> {
  const script = new URL('./junk-client.ts', import.meta.url).pathname;
  const { requestsPerSecond, p99, statuses, timeouts, errors } = await clientProcess(script, [
    url,
    String(connections),
    String(seconds),
  ]).result;
  return { connections, requestsPerSecond, p99, statuses, timeouts, errors: errors - timeouts };
}

/**
 * Junk addresses (issue 20): 100 connections of addresses nobody asked for
 * before, while a separate visitor asks for the home page. Measures what the
 * junk gets answered at, and what the visitor waits meanwhile.
 */
export async function measureJunk(portalUrl: string): Promise<JunkResult> {
  const [junk, visitor] = await Promise.all([
    junkClient(portalUrl, JUNK_CONNECTIONS, JUNK_SECONDS),
    load(`${portalUrl}/`, 1, JUNK_SECONDS),
  ]);
  return { junk, visitor };
}
