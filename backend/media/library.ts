import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import { type MediaFallback, type MediaImage, mediaPicture, parseMediaFileName } from '../../contract/media-images';
import { all, type Db, one, run } from '../db/query';
import type { AuditLog } from '../staff/audit';
import type { MediaStorage } from './storage';
import { MediaRefusal, makeVariants } from './variants';

/** An upload as the library lists it. */
export interface MediaItem extends MediaImage {
  fileName: string;
  alt: string;
  uploadBytes: number;
  uploadedBy: string;
  uploadedAt: number;
}

interface MediaRow {
  id: string;
  file_name: string;
  alt: string;
  width: number;
  height: number;
  fallback: string;
  upload_bytes: number;
  uploaded_by_name: string;
  uploaded_at: number | string;
}

const itemOf = (row: MediaRow): MediaItem => ({
  id: row.id,
  fileName: row.file_name,
  alt: row.alt,
  width: Number(row.width),
  height: Number(row.height),
  fallback: row.fallback as MediaFallback,
  uploadBytes: Number(row.upload_bytes),
  uploadedBy: row.uploaded_by_name,
  uploadedAt: Number(row.uploaded_at),
});

/** How many uploads the library page lists, newest first. */
export const MEDIA_LIST_SIZE = 200;

/**
 * The media library: uploads checked and made into variants once (variants.ts),
 * kept in a storage every instance reads (storage.ts), listed with who uploaded
 * them and when, and read back by exact file name for `/media/<name>`.
 */
export class MediaLibrary {
  /** Files read lately: immutable, so kept until crowded out. */
  private readonly kept = new LRUCache<string, Buffer>({
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (body) => Math.max(1, body.length),
  });

  constructor(
    private readonly db: Db,
    readonly storage: MediaStorage,
    private readonly audit: AuditLog,
    /** MEDIA_MAX_BYTES: the largest upload taken. */
    readonly maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Takes an upload (its bytes, its name for the list, its text alternative); the same
   * image uploaded again is the one already kept. Throws MediaRefusal with what to say.
   */
  async upload(
    file: { name: string; bytes: Buffer },
    alt: string,
    by: { id: number; name: string },
  ): Promise<{ item: MediaItem; fresh: boolean }> {
    if (!file.bytes.length) throw new MediaRefusal('请选择要上传的图片');
    if (file.bytes.length > this.maxBytes)
      throw new MediaRefusal(
        `图片太大：最大 ${describeBytes(this.maxBytes)}，这个文件 ${describeBytes(file.bytes.length)}`,
      );
    const { image, files } = await makeVariants(file.bytes);
    const existing = await this.get(image.id);
    if (existing) return { item: existing, fresh: false };
    await this.storage.save(files);
    const fileName = file.name.replace(/[\p{Cc}\p{Cf}]/gu, '').slice(0, 200) || '未命名';
    await run(
      this.db,
      sql`INSERT INTO media (id, file_name, alt, width, height, fallback, upload_bytes, uploaded_by, uploaded_by_name, uploaded_at)
        VALUES (${image.id}, ${fileName}, ${alt}, ${image.width}, ${image.height}, ${image.fallback},
          ${file.bytes.length}, ${by.id}, ${by.name}, ${this.now()})
        ON CONFLICT (id) DO NOTHING`,
    );
    await this.audit.record(by, 'media-uploaded', fileName, { id: image.id });
    return { item: (await this.get(image.id)) as MediaItem, fresh: true };
  }

  async get(id: string): Promise<MediaItem | undefined> {
    const row = await one<MediaRow>(this.db, sql`SELECT * FROM media WHERE id = ${id}`);
    return row && itemOf(row);
  }

  async list(): Promise<MediaItem[]> {
    const rows = await all<MediaRow>(
      this.db,
      sql`SELECT * FROM media ORDER BY uploaded_at DESC, id LIMIT ${MEDIA_LIST_SIZE}`,
    );
    return rows.map(itemOf);
  }

  /** An upload as HTML for a page or rich text (`<picture>`, see contract/media-images.ts), or undefined. */
  async picture(id: string, options: { alt?: string; sizes?: string; lazy?: boolean } = {}) {
    const item = await this.get(id);
    return item && mediaPicture(item, { ...options, alt: options.alt ?? item.alt });
  }

  /** A variant's bytes by its exact file name, or undefined. */
  async read(name: string): Promise<Buffer | undefined> {
    if (!parseMediaFileName(name)) return undefined;
    const kept = this.kept.get(name);
    if (kept) return kept;
    const body = await this.storage.read(name);
    if (body) this.kept.set(name, body);
    return body;
  }
}

/** Bytes as people say them: 850 KB, 10 MB. */
export function describeBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}
