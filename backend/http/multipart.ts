import type { Request } from 'express';

/**
 * `multipart/form-data` (a form with a file input), read whole into memory up
 * to a limit and split into its parts. No parser of it is installed (busboy,
 * multer and formidable are not in node_modules); the studio's uploads are one
 * file and a few short fields, from signed-in staff only, so this small strict
 * reader is enough: anything it does not expect is refused, not guessed at.
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

const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');

/** The boundary of a `multipart/form-data` content type, or undefined. */
export function boundaryOf(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/** The body's bytes, at most `maxBytes` (refused at once when its length says more). */
async function bodyOf(req: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (declared > maxBytes) throw new MultipartError(413, 'too large');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new MultipartError(413, 'too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** A part's name and file name from its Content-Disposition (browsers escape `"` in both as %22). */
function disposition(headers: string): { name: string; fileName?: string } | undefined {
  const line = headers.split('\r\n').find((header) => /^content-disposition:/i.test(header));
  if (!line || !/^content-disposition:\s*form-data\s*;/i.test(line)) return undefined;
  const name = /;\s*name="([^"]*)"/i.exec(line)?.[1];
  const fileName = /;\s*filename="([^"]*)"/i.exec(line)?.[1];
  return name === undefined ? undefined : { name, fileName };
}

/**
 * Reads a multipart form: its text fields (the first of each name) and its
 * files (a file input left empty gives none). `maxBytes` bounds the whole body.
 */
export async function readMultipart(
  req: Request,
  {
    maxBytes,
    maxParts = 8,
    maxFieldBytes = 16 * 1024,
  }: { maxBytes: number; maxParts?: number; maxFieldBytes?: number },
): Promise<MultipartBody> {
  const boundary = boundaryOf(req.get('content-type'));
  if (!boundary) throw new MultipartError(415, 'not multipart/form-data');
  const body = await bodyOf(req, maxBytes);
  const delimiter = Buffer.from(`--${boundary}`);
  const next = Buffer.from(`\r\n--${boundary}`);
  const result: MultipartBody = { fields: Object.create(null), files: [] };
  if (body.indexOf(delimiter) !== 0) throw new MultipartError(400, 'no first boundary');
  let at = delimiter.length;
  for (let parts = 0; ; parts++) {
    if (body.subarray(at, at + 2).toString('latin1') === '--') return result;
    if (parts >= maxParts) throw new MultipartError(400, 'too many parts');
    if (!body.subarray(at, at + 2).equals(CRLF)) throw new MultipartError(400, 'malformed boundary line');
    const headersEnd = body.indexOf(HEADERS_END, at + 2);
    const end = headersEnd < 0 ? -1 : body.indexOf(next, headersEnd + 4);
    if (end < 0) throw new MultipartError(400, 'unfinished part');
    const part = disposition(body.subarray(at + 2, headersEnd).toString('utf8'));
    if (!part) throw new MultipartError(400, 'part without a form-data name');
    const data = body.subarray(headersEnd + 4, end);
    if (part.fileName !== undefined) {
      if (part.fileName || data.length) result.files.push({ field: part.name, fileName: part.fileName, data });
    } else {
      if (data.length > maxFieldBytes) throw new MultipartError(413, 'field too large');
      result.fields[part.name] ??= data.toString('utf8');
    }
    at = end + next.length;
  }
}
