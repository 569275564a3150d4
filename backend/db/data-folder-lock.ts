import { join } from 'node:path';
import Database from 'better-sqlite3';

/** The file whose lock says a server is using the data folder. */
export const LOCK_FILE = 'portal.lock';

/** Another server holds the data folder: its lock could not be taken. */
export class DataFolderInUse extends Error {}

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
  const lock = new Database(join(dataDir, LOCK_FILE));
  try {
    lock.pragma('busy_timeout = 0');
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY')
      throw new DataFolderInUse('another portal server is using it (one server per data folder)', { cause: error });
    throw error;
  }
  return { release: () => lock.close() };
}
