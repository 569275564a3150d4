import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { parseMediaFileName } from '../../contract/media-images';
import { DataFolderError } from '../db/connection';
import { type Db, one, run } from '../db/query';

/**
 * Where the variants of uploads are kept, by file name (`<id>-<width>.<ext>`):
 * somewhere every instance of the site reads. Names are content-addressed, so a
 * file once written never changes; writing one that exists changes nothing.
 */
export interface MediaStorage {
  /** Where, in words: for the start log. */
  readonly where: string;
  save(files: ReadonlyArray<{ name: string; body: Buffer }>): Promise<void>;
  /** A file's bytes, or undefined when there is none by that name. */
  read(name: string): Promise<Buffer | undefined>;
}

/** Only a variant's exact name reaches a folder or a query: nothing that climbs out or names something else. */
function checked(name: string): string {
  if (!parseMediaFileName(name)) throw new Error(`not a media file name: ${JSON.stringify(name)}`);
  return name;
}

/**
 * A folder: `DATA_DIR/media` on SQLite (one instance), or `MEDIA_DIR`, a folder
 * every instance mounts. Each file is written beside its name and renamed into
 * place, so a reader never sees half of one.
 */
export class FolderStorage implements MediaStorage {
  readonly where: string;

  constructor(private readonly dir: string) {
    this.where = `folder ${dir}`;
  }

  /** Made and written to once at start, so an unusable folder stops the start, not the first upload. */
  static prepared(dir: string, setting: string): FolderStorage {
    try {
      mkdirSync(dir, { recursive: true });
      const probe = join(dir, `.write-check-${process.pid}`);
      writeFileSync(probe, '');
      rmSync(probe);
    } catch (error) {
      const cause = (error as { code?: string }).code === 'EACCES' ? 'permission denied' : String(error);
      throw new DataFolderError(`${setting}: the media folder ${dir} cannot be used (${cause})`, { cause: error });
    }
    return new FolderStorage(dir);
  }

  async save(files: ReadonlyArray<{ name: string; body: Buffer }>): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    for (const { name, body } of files) {
      const path = join(this.dir, checked(name));
      if (await stat(path).catch(() => undefined)) continue;
      const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
      await writeFile(partial, body);
      await rename(partial, path);
    }
  }

  async read(name: string): Promise<Buffer | undefined> {
    try {
      return await readFile(join(this.dir, checked(name)));
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return undefined;
      throw error;
    }
  }
}

/** The database (PostgreSQL): media live with the rest of the data, backed up with it (`media_files`). */
export class DatabaseStorage implements MediaStorage {
  readonly where = 'the database (table media_files)';

  constructor(private readonly db: Db) {}

  async save(files: ReadonlyArray<{ name: string; body: Buffer }>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const { name, body } of files)
        await run(
          trx,
          sql`INSERT INTO media_files (name, body) VALUES (${checked(name)}, ${body}) ON CONFLICT (name) DO NOTHING`,
        );
    });
  }

  async read(name: string): Promise<Buffer | undefined> {
    const row = await one<{ body: Buffer | Uint8Array }>(
      this.db,
      sql`SELECT body FROM media_files WHERE name = ${checked(name)}`,
    );
    return row && Buffer.from(row.body.buffer, row.body.byteOffset, row.body.byteLength);
  }
}
