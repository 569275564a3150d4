import type { DatabaseConnection, Dialect, Driver, QueryResult } from 'kysely';

/**
 * Faults of the database that are weather, not bugs: the server restarting or
 * failing over, a connection cut, the disk full. A query they break fails with
 * `DatabaseUnavailable` (a 503 with Retry-After and SPEC §8's words, by every
 * room's error handler), never a 500, and nothing else is affected: the next
 * query tries again, so everything comes back by itself.
 */
export class DatabaseUnavailable extends Error {
  readonly status = 503;

  constructor(
    /** The fault in an operator's words, without addresses or passwords (`/readyz` says it). */
    readonly fault: string,
    options?: { cause?: unknown },
  ) {
    super(`The database cannot be used now: ${fault}`, options);
    this.name = 'DatabaseUnavailable';
  }
}

/** Node's socket errors: the server cannot be reached, or the connection broke. */
const SOCKET_CODES: Record<string, string> = {
  ECONNREFUSED: 'it refuses connections (stopped or restarting)',
  ECONNRESET: 'the connection was cut',
  EPIPE: 'the connection was cut',
  ETIMEDOUT: 'it does not answer',
  EHOSTUNREACH: 'its host cannot be reached',
  ENETUNREACH: 'its network cannot be reached',
  ENOTFOUND: 'its host name cannot be resolved',
  EAI_AGAIN: 'its host name cannot be resolved',
};

/** PostgreSQL's own codes (SQLSTATE) for a server that is going away, coming back or full of connections. */
const POSTGRES_CODES: Record<string, string> = {
  '57P01': 'it is shutting down',
  '57P02': 'it is shutting down',
  '57P03': 'it is starting up or in recovery',
  '53300': 'it has no connection free',
  '53100': 'its disk is full',
};

/** SQLite's codes for a file that cannot take writes now (better-sqlite3's `code`). */
const SQLITE_CODES: Array<[RegExp, string]> = [
  [/^SQLITE_FULL$/, 'the disk is full'],
  [/^SQLITE_IOERR/, 'the disk cannot be read or written'],
  [/^SQLITE_READONLY/, 'the data folder became read-only'],
  [/^SQLITE_BUSY/, 'it is locked by another process'],
];

/** pg's own messages for a connection that ended, which carry no code. */
const LOST_CONNECTION = /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection ended/i;

/** What fault `error` is, in an operator's words, or undefined when it is not one of the database being unavailable. */
export function unavailableFault(error: unknown): string | undefined {
  if (error instanceof DatabaseUnavailable) return error.fault;
  const { code, message, errors } = (error ?? {}) as { code?: unknown; message?: unknown; errors?: unknown[] };
  const text = typeof code === 'string' ? code : '';
  if (SOCKET_CODES[text]) return SOCKET_CODES[text];
  if (POSTGRES_CODES[text]) return POSTGRES_CODES[text];
  // SQLSTATE class 08: connection exceptions.
  if (/^08[0-9A-Z]{3}$/.test(text)) return 'the connection failed';
  for (const [pattern, fault] of SQLITE_CODES) if (pattern.test(text)) return fault;
  if (typeof message === 'string' && LOST_CONNECTION.test(message)) return 'the connection was cut';
  // A connection tried on several addresses fails with each one's error.
  if (Array.isArray(errors)) return errors.map(unavailableFault).find((fault) => fault !== undefined);
  return undefined;
}

/** Told of each fault as it happens. */
export type FaultListener = (fault: string) => void;

/** Runs `work`; a fault of the database becomes `DatabaseUnavailable`, anything else is thrown as it was. */
async function guarded<T>(work: () => Promise<T>, listener: FaultListener): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const fault = unavailableFault(error);
    if (fault === undefined) throw error;
    listener(fault);
    throw error instanceof DatabaseUnavailable ? error : new DatabaseUnavailable(fault, { cause: error });
  }
}

function guardedConnection(connection: DatabaseConnection, listener: FaultListener): DatabaseConnection {
  const guard: DatabaseConnection = {
    executeQuery: <R>(query: Parameters<DatabaseConnection['executeQuery']>[0]) =>
      guarded<QueryResult<R>>(() => connection.executeQuery<R>(query), listener),
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
  originals.set(guard, connection);
  return guard;
}

/** The driver's own connection behind each guarded one: the driver is handed back what it made. */
const originals = new WeakMap<DatabaseConnection, DatabaseConnection>();
const own = (connection: DatabaseConnection) => originals.get(connection) ?? connection;

function guardedDriver(driver: Driver, listener: FaultListener): Driver {
  return {
    init: () => driver.init(),
    acquireConnection: () =>
      guarded(async () => guardedConnection(await driver.acquireConnection(), listener), listener),
    beginTransaction: (connection, settings) =>
      guarded(() => driver.beginTransaction(own(connection), settings), listener),
    commitTransaction: (connection) => guarded(() => driver.commitTransaction(own(connection)), listener),
    rollbackTransaction: (connection) =>
      guarded(async () => {
        try {
          await driver.rollbackTransaction(own(connection));
        } catch (error) {
          // SQLite rolls a transaction back by itself on some faults (a full disk): then there is nothing to undo.
          if (!/no transaction is active/i.test(String((error as Error)?.message))) throw error;
        }
      }, listener),
    savepoint: driver.savepoint && ((connection, name, compile) => driver.savepoint!(own(connection), name, compile)),
    rollbackToSavepoint:
      driver.rollbackToSavepoint &&
      ((connection, name, compile) => driver.rollbackToSavepoint!(own(connection), name, compile)),
    releaseSavepoint:
      driver.releaseSavepoint &&
      ((connection, name, compile) => driver.releaseSavepoint!(own(connection), name, compile)),
    releaseConnection: (connection) => driver.releaseConnection(own(connection)),
    destroy: () => driver.destroy(),
  };
}

/** `dialect` with every query's database faults turned into `DatabaseUnavailable` and told to `listener`. */
export function guardedDialect(dialect: Dialect, listener: FaultListener): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => guardedDriver(dialect.createDriver(), listener),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

/**
 * The last fault of a write, until a probe write works again (SQLite: a full
 * disk leaves reads working, so only a write can tell). What `/readyz` names.
 */
export class FaultRecord {
  fault: string | undefined;
  readonly listener: FaultListener = (fault) => {
    this.fault = fault;
  };
}
