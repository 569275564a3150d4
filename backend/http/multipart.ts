import { Busboy, type BusboyHeaders } from '@fastify/busboy';
import type { Request } from 'express';

/**
 * `multipart/form-data` (a form with a file input), read by busboy into
 * memory within limits: the studio's uploads are one file and a few short
 * fields, from signed-in staff only. Anything past a limit or malformed is
 * refused, not guessed at.
 */

export interface MultipartFile {
  field: string;
  /** The name the browser gave it (never a path to use). */
  fileName: string;
  data: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: MultipartFile[];
}

/** A body refused: 400 malformed, 413 too large, 415 not multipart. */
export class MultipartError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

/** The boundary of a `multipart/form-data` content type, or undefined. */
export function boundaryOf(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/**
 * Reads a multipart form: its text fields (the first of each name) and its
 * files (a file input left empty gives none). `maxBytes` bounds the whole body.
 */
export function readMultipart(
  req: Request,
  {
    maxBytes,
    maxParts = 8,
    maxFieldBytes = 16 * 1024,
  }: { maxBytes: number; maxParts?: number; maxFieldBytes?: number },
): Promise<MultipartBody> {
  if (!boundaryOf(req.get('content-type'))) return Promise.reject(new MultipartError(415, 'not multipart/form-data'));
  if (Number(req.headers['content-length']) > maxBytes) return Promise.reject(new MultipartError(413, 'too large'));
  return new Promise((resolve, reject) => {
    const body: MultipartBody = { fields: Object.create(null), files: [] };
    const files: Array<Promise<void>> = [];
    let settled = false;
    // The first refusal is the answer; the rest of the body is not read.
    const refuse = (status: 400 | 413, message: string) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      req.resume();
      reject(new MultipartError(status, message));
    };
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: req.headers as BusboyHeaders,
        limits: { parts: maxParts, fieldSize: maxFieldBytes, fileSize: maxBytes },
      });
    } catch (error) {
      reject(new MultipartError(400, error instanceof Error ? error.message : 'malformed'));
      return;
    }
    parser.on('file', (field, stream, fileName) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => refuse(413, 'too large'));
      files.push(
        new Promise((done) =>
          stream.on('end', () => {
            const data = Buffer.concat(chunks);
            if (fileName || data.length) body.files.push({ field, fileName, data });
            done();
          }),
        ),
      );
    });
    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (valueTruncated) refuse(413, 'field too large');
      else body.fields[name] ??= value;
    });
    parser.on('partsLimit', () => refuse(400, 'too many parts'));
    parser.on('error', (error) => refuse(400, error instanceof Error ? error.message : 'malformed'));
    parser.on('finish', () =>
      Promise.all(files).then(() => {
        if (settled) return;
        settled = true;
        resolve(body);
      }),
    );
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) refuse(413, 'too large');
    });
    req.pipe(parser);
  });
}
