import { type Stats, statSync } from 'node:fs';
import { basename } from 'node:path';

/**
 * How the open database file was lost: removed (or its folder removed or moved),
 * another file now at its path, or the path can no longer be looked at.
 */
export type FileLoss = 'gone' | 'replaced' | 'unreachable';

/**
 * The database file the server opened is no longer the one at its path. The open
 * handle still writes, but to a file no restart will open: a write would be
 * confirmed and then vanish, so it is refused with a 503 instead.
 */
export class DataFolderLost extends Error {
  readonly status = 503;

  constructor(readonly loss: FileLoss) {
    // Short: failed requests are logged one by one; the operator's explanation is said once, by `onLost`.
    super(`The database file is ${loss}: writes are refused`);
  }
}

export interface FileWatchOptions {
  /** How often an idle server looks, so it notices with no write coming (default 5 s). */
  everyMs?: number;
  /** Called once, when the loss is first noticed, with one line for the operator. */
  onLost?: (loss: FileLoss, message: string) => void;
}

export interface DatabaseFileWatch {
  /** Throws `DataFolderLost` once the file is gone or replaced; costs one `stat` until then. */
  check(): void;
  /** Looks now, without throwing: whether the file is still the one opened. */
  intact(): boolean;
  stop(): void;
}

const WHAT_HAPPENED: Record<FileLoss, string> = {
  gone: 'is gone (deleted, or its folder removed or moved)',
  replaced: 'was replaced by another file',
  unreachable: 'can no longer be looked at',
};

/**
 * Watches the database file `file` of the data folder `dataDir`, as it is now:
 * its device and inode are its identity, since a deleted or replaced file keeps
 * working through the open handle without a word from SQLite.
 */
export function watchDatabaseFile(
  file: string,
  dataDir: string,
  { everyMs = 5000, onLost }: FileWatchOptions = {},
): DatabaseFileWatch {
  const opened = statSync(file);
  let loss: FileLoss | undefined;
  const look = () => {
    if (loss) return;
    loss = lossOf(file, opened);
    if (!loss) return;
    clearInterval(timer);
    onLost?.(
      loss,
      `The data folder ${dataDir}: ${basename(file)} ${WHAT_HAPPENED[loss]} while the server ran. ` +
        'Writes are refused (503) from now on; restore the folder and restart the server.',
    );
  };
  const timer = setInterval(look, everyMs).unref();

  return {
    check() {
      look();
      if (loss) throw new DataFolderLost(loss);
    },
    intact() {
      look();
      return !loss;
    },
    stop: () => clearInterval(timer),
  };
}

function lossOf(file: string, opened: Stats): FileLoss | undefined {
  try {
    const now = statSync(file);
    return now.ino === opened.ino && now.dev === opened.dev ? undefined : 'replaced';
  } catch (error) {
    const code = (error as { code?: string }).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? 'gone' : 'unreachable';
  }
}
