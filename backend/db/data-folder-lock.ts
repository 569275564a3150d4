import { join } from 'node:path';
import Database from 'better-sqlite3';

/** The file whose lock says a server is using the data folder. */
export const LOCK_FILE = 'portal.lock';

/** Another server holds the data folder: its lock could not be taken. */
export class DataFolderInUse extends Error {}

/** Something else is where the lock file should be. */
export class LockFileUnusable extends Error {}

/**
 * Takes the data folder for this process: an exclusive lock on `portal.lock`
 * held as long as the process runs. Two servers writing one SQLite file would
 * each keep its own caches and limits beside the other's; the second one stops
 * at start instead. It is the operating system's lock (SQLite's own, on a file
 * of its own, so `portal.sqlite` stays open to readers such as backups): it ends
 * with the process however it ends, `kill -9` included, and nothing stale is
 * left behind.
 */
export function lockDataFolder(dataDir: string): { release(): void } {
  let lock: Database.Database | undefined;
  try {
    lock = new Database(join(dataDir, LOCK_FILE));
    lock.pragma('busy_timeout = 0');
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock?.close();
    const code = (error as { code?: string }).code;
    if (code === 'SQLITE_BUSY')
      throw new DataFolderInUse('another portal server is using it (one server per data folder)', { cause: error });
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT')
      throw new LockFileUnusable(`${LOCK_FILE} is not its lock file (it holds no data: delete it)`, { cause: error });
    if (code === 'SQLITE_CANTOPEN')
      throw new LockFileUnusable(`${LOCK_FILE} cannot be opened (it must be a file the server can write)`, {
        cause: error,
      });
    throw error;
  }
  const held = lock;
  return { release: () => held.close() };
}
