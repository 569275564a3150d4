import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { MediaRefusal, makeVariants, sniffImage } from './variants';

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer();
const pngOf = (width: number, height: number, alpha = 1) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 60, alpha } } })
    .png()
    .toBuffer();
const refused = (message: RegExp) => (error: unknown) => error instanceof MediaRefusal && message.test(error.message);

describe('uploaded images: sniffed, checked, made into variants', () => {
  it('tells the kind from the bytes, whatever the name says: a PNG named .jpg is a PNG', async () => {
    assert.equal(sniffImage(await pngOf(10, 10)), 'png');
    assert.equal(sniffImage(await photo(10, 10)), 'jpeg');
    assert.equal(
      sniffImage(
        await sharp(await photo(10, 10))
          .webp()
          .toBuffer(),
      ),
      'webp',
    );
    assert.equal(
      sniffImage(
        await sharp(await photo(10, 10))
          .gif()
          .toBuffer(),
      ),
      'gif',
    );
    const made = await makeVariants(await pngOf(400, 300));
    assert.deepEqual(
      made.files.map((file) => file.name.replace(made.image.id, 'ID')),
      ['ID-320.webp', 'ID-320.jpg', 'ID-400.webp', 'ID-400.jpg'],
    );
  });

  it('refuses SVG, HTML and anything else dressed as an image, in Chinese', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
    );
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    for (const bytes of [svg, html, Buffer.from('GIF'), Buffer.alloc(100)])
      await assert.rejects(makeVariants(bytes), refused(/只能上传 JPEG、PNG、WebP 或 GIF 图片.*SVG/));
  });

  it('refuses a file that starts like an image but is not one', async () => {
    const broken = Buffer.concat([(await photo(50, 50)).subarray(0, 40), Buffer.alloc(200)]);
    await assert.rejects(makeVariants(broken), refused(/已损坏或无法读取/));
  });

  it('refuses an image of more pixels than allowed before decoding it (decompression bombs)', async () => {
    const bomb = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    assert.ok(bomb.length < 200_000, 'a small file');
    await assert.rejects(makeVariants(bomb, { maxPixels: 10_000_000 }), refused(/像素太多（最多 1000 万像素）/));
  });

  it('makes every width the pages use up to the upload, as WebP and JPEG, no wider than the largest', async () => {
    const made = await makeVariants(await photo(2400, 1200));
    assert.deepEqual(made.image, { id: made.image.id, width: 1640, height: 820, fallback: 'jpg' });
    assert.match(made.image.id, /^[0-9a-f]{20}$/);
    const widths = [320, 640, 960, 1280, 1640];
    assert.deepEqual(
      made.files.map((file) => file.name),
      widths.flatMap((width) => [`${made.image.id}-${width}.webp`, `${made.image.id}-${width}.jpg`]),
    );
    for (const file of made.files) {
      const meta = await sharp(file.body).metadata();
      const [, width, ext] = /-(\d+)\.(\w+)$/.exec(file.name) ?? [];
      assert.equal(meta.width, Number(width));
      assert.equal(meta.height, Number(width) / 2);
      assert.equal(meta.format, ext === 'jpg' ? 'jpeg' : ext);
    }
  });

  it('keeps transparency: PNG as the fallback of an image with see-through pixels', async () => {
    const made = await makeVariants(await pngOf(800, 400, 0.5));
    assert.equal(made.image.fallback, 'png');
    const png = made.files.find((file) => file.name.endsWith('-800.png'));
    assert.ok(png);
    assert.equal((await sharp(png.body).metadata()).hasAlpha, true);
    assert.equal((await makeVariants(await pngOf(800, 400, 1))).image.fallback, 'jpg', 'an opaque PNG goes as JPEG');
  });

  it('strips metadata: no EXIF (camera, owner, GPS) in any variant, and the picture turned upright first', async () => {
    const original = await sharp(await photo(800, 600))
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Copyright: 'owner-secret' }, IFD3: { GPSLatitudeRef: 'N', GPSLongitudeRef: 'E' } })
      .jpeg()
      .toBuffer();
    assert.match((await sharp(original).metadata()).exif?.toString('latin1') ?? '', /owner-secret/);
    const made = await makeVariants(original);
    assert.deepEqual([made.image.width, made.image.height], [600, 800], 'turned as its camera said');
    for (const file of made.files) {
      const meta = await sharp(file.body).metadata();
      assert.equal(meta.exif, undefined, file.name);
      assert.equal(meta.xmp, undefined, file.name);
      assert.equal(meta.orientation, undefined, file.name);
      assert.ok(!file.body.includes('owner-secret'), file.name);
    }
  });

  it('takes a GIF as a still (its first frame) and names the same image the same, always', async () => {
    const gif = await sharp(await photo(200, 100))
      .gif()
      .toBuffer();
    const first = await makeVariants(gif);
    assert.deepEqual(
      first.files.map((file) => file.name.replace(first.image.id, 'ID')),
      ['ID-200.webp', 'ID-200.jpg'],
    );
    assert.equal((await makeVariants(gif)).image.id, first.image.id);
  });
});
