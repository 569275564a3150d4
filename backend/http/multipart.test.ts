import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import type { Request } from 'express';
import { boundaryOf, MultipartError, readMultipart } from './multipart';

const requestOf = (body: string | Buffer, contentType = 'multipart/form-data; boundary=XyZ') => {
  const req = Readable.from([Buffer.from(body)]) as unknown as Request & { headers: Record<string, string> };
  req.headers = { 'content-type': contentType, 'content-length': String(Buffer.byteLength(body)) };
  req.get = ((name: string) => req.headers[name.toLowerCase()]) as Request['get'];
  return req;
};
const part = (headers: string, data: string) => `--XyZ\r\n${headers}\r\n\r\n${data}\r\n`;
const refusedWith = (status: number) => (error: unknown) => error instanceof MultipartError && error.status === status;

describe('multipart/form-data', () => {
  it('reads fields (the first of a name) and files, and skips an empty file input', async () => {
    const body =
      part('Content-Disposition: form-data; name="csrf"', 'token') +
      part('Content-Disposition: form-data; name="csrf"', 'second') +
      part(
        'Content-Disposition: form-data; name="image"; filename="图.png"\r\nContent-Type: image/png',
        'PNG\r\nBYTES',
      ) +
      part('Content-Disposition: form-data; name="other"; filename=""\r\nContent-Type: application/octet-stream', '') +
      '--XyZ--\r\n';
    const read = await readMultipart(requestOf(body), { maxBytes: 10_000 });
    assert.deepEqual({ ...read.fields }, { csrf: 'token' });
    assert.equal(read.files.length, 1);
    assert.equal(read.files[0]?.fileName, '图.png');
    assert.equal(read.files[0]?.data.toString(), 'PNG\r\nBYTES');
  });

  it('refuses what is not multipart, too large, or malformed', async () => {
    assert.equal(boundaryOf('application/x-www-form-urlencoded'), undefined);
    assert.equal(boundaryOf('multipart/form-data; boundary="a b"'), 'a b');
    await assert.rejects(
      readMultipart(requestOf('a=1', 'application/x-www-form-urlencoded'), { maxBytes: 10 }),
      refusedWith(415),
    );
    await assert.rejects(readMultipart(requestOf('x'.repeat(200)), { maxBytes: 100 }), refusedWith(413));
    for (const body of [
      'garbage',
      '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end',
      Array.from({ length: 20 }, (_, i) => part(`Content-Disposition: form-data; name="f${i}"`, 'x')).join('') +
        '--XyZ--',
    ])
      await assert.rejects(readMultipart(requestOf(body), { maxBytes: 10_000 }), refusedWith(400), body.slice(0, 40));
  });

  it('reads nothing from a part that names no form field', async () => {
    for (const body of [
      `${part('Content-Type: text/plain', 'no name')}--XyZ--\r\n`,
      `${part('Content-Disposition: attachment; name="a"', 'x')}--XyZ--\r\n`,
    ]) {
      const read = await readMultipart(requestOf(body), { maxBytes: 10_000 });
      assert.deepEqual({ fields: { ...read.fields }, files: read.files }, { fields: {}, files: [] });
    }
  });
});
