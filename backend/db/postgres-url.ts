import pg from 'pg';
import { DatabaseUnavailable } from './faults';

/** What the PostgreSQL opener (connection.ts) says and reads: an address named without its password, numbers as numbers, a cause in a few words. */

/** The server of a `postgres://` address, without its password, for messages. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `PostgreSQL at ${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

// Counts and millisecond times arrive as int8 (and sums as numeric): numbers, as SQLite gives them.
export const types = {
  getTypeParser: ((id: number, format?: 'text' | 'binary') =>
    id === pg.types.builtins.INT8 || id === pg.types.builtins.NUMERIC
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(id, format)) as typeof pg.types.getTypeParser,
};

/** A connection error's cause in a few words (a refused connection tried on two addresses has no message of its own). */
export function pgCause(error: unknown): string {
  // The driver's own error, not the 503 the guard made of it: the operator reads the server's words.
  if (error instanceof DatabaseUnavailable && error.cause) return pgCause(error.cause);
  const { message, code, errors } = (error ?? {}) as { message?: string; code?: string; errors?: unknown[] };
  if (message) return message;
  if (errors?.length) return pgCause(errors[0]);
  return code ?? String(error);
}
