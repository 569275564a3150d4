import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { request } from '../../test-support/http';
import { startTestPortal, type TestPortal } from '../../test-support/portal';
import { AuditLog } from '../staff/audit';
import { postgresDatabase, testDatabases } from '../test-support/databases';
import { MediaLibrary } from './library';
import { DatabaseStorage, FolderStorage, type MediaStorage } from './storage';

const BY = { id: 1, name: '李编辑' };
const photo = (width: number, height: number, background = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
const scratch: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-media-'));
  scratch.push(dir);
  return dir;
};
after(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

const HOSTILE_NAMES = [
  '../portal.sqlite',
  '..%2fportal.sqlite',
  'abc',
  '0123456789ABCDEF0123-640.jpg',
  '0123456789abcdef0123-0640.jpg',
  '0123456789abcdef0123-640.svg',
  '0123456789abcdef0123-640.jpg/',
  '0123456789abcdef0123-640.jpg\0',
  '0123456789abcdef0123-99999.jpg',
];

/** Saves, reads back, says nothing of names it never had, and takes no name that is not a variant's. */
async function storageWorks(storage: MediaStorage) {
  const files = [
    { name: '0123456789abcdef0123-320.webp', body: Buffer.from('webp bytes') },
    { name: '0123456789abcdef0123-320.jpg', body: Buffer.from('jpeg bytes') },
  ];
  await storage.save(files);
  await storage.save(files); // a second time changes nothing
  assert.deepEqual(await storage.read('0123456789abcdef0123-320.webp'), Buffer.from('webp bytes'));
  assert.deepEqual(await storage.read('0123456789abcdef0123-320.jpg'), Buffer.from('jpeg bytes'));
  assert.equal(await storage.read('0123456789abcdef0123-640.jpg'), undefined);
  for (const name of HOSTILE_NAMES) {
    await assert.rejects(storage.read(name), /not a media file name/, name);
    await assert.rejects(storage.save([{ name, body: Buffer.from('x') }]), /not a media file name/, name);
  }
}

describe('media storage', () => {
  it('a folder (DATA_DIR/media on SQLite, or MEDIA_DIR): whole files only, nothing outside it', async () => {
    const dir = join(tempDir(), 'media');
    await storageWorks(FolderStorage.prepared(dir, 'MEDIA_DIR'));
    assert.deepEqual(readdirSync(dir).sort(), ['0123456789abcdef0123-320.jpg', '0123456789abcdef0123-320.webp']);
  });

  it('a folder that cannot be used stops the start, naming the setting', () => {
    const file = join(tempDir(), 'a-file');
    writeFileSync(file, '');
    assert.throws(
      () => FolderStorage.prepared(join(file, 'media'), 'MEDIA_DIR'),
      /MEDIA_DIR: the media folder .* cannot be used/,
    );
  });

  for (const database of testDatabases)
    it(`the database (PostgreSQL's storage) on ${database.name}`, { skip: database.skip }, async () => {
      const { db, close } = await database.open();
      try {
        await storageWorks(new DatabaseStorage(db));
        // The library on it: an upload kept in the database, listed, read back by its names.
        const library = new MediaLibrary(db, new DatabaseStorage(db), new AuditLog(db), 1024 * 1024);
        const { item, fresh } = await library.upload({ name: '车间.jpg', bytes: await photo(700, 350) }, '车间', BY);
        assert.equal(fresh, true);
        assert.deepEqual(
          (await library.list()).map((one) => one.id),
          [item.id],
        );
        const jpeg = await library.read(`${item.id}-700.jpg`);
        assert.equal((await sharp(jpeg).metadata()).width, 700);
        assert.equal((await library.upload({ name: 'again.jpg', bytes: await photo(700, 350) }, '', BY)).fresh, false);
        // What pages and rich text use: given the id, a <picture> with WebP and the fallback, its size and alt.
        assert.equal(
          await library.picture(item.id, { sizes: '320px' }),
          `<picture><source type="image/webp" srcset="/media/${item.id}-320.webp 320w, /media/${item.id}-640.webp 640w, /media/${item.id}-700.webp 700w" sizes="320px" />` +
            `<img src="/media/${item.id}-700.jpg" srcset="/media/${item.id}-320.jpg 320w, /media/${item.id}-640.jpg 640w, /media/${item.id}-700.jpg 700w" sizes="320px" width="700" height="350" alt="车间" loading="lazy" /></picture>`,
        );
        assert.equal(await library.picture('ffffffffffffffffffff'), undefined);
      } finally {
        await close();
      }
    });
});

describe('/media/<id>-<width>.<ext>: uploaded images served', () => {
  let portal: TestPortal;
  let id = '';
  const get = (path: string, method = 'GET') => request(portal.port, path, { method });

  before(async () => {
    portal = await startTestPortal();
    const { item } = await portal.backend.media.upload({ name: 'hall.jpg', bytes: await photo(1000, 500) }, '展厅', BY);
    id = item.id;
  });
  after(() => portal.close());

  it('keeps them in DATA_DIR/media on SQLite', () => {
    assert.ok(existsSync(join(portal.dataDir, 'media', `${id}-1000.webp`)));
    assert.match(portal.backend.media.storage.where, /media$/);
  });

  it('serves each variant with its type, cached for a year, never sniffed', async () => {
    for (const [name, type] of [
      [`${id}-320.webp`, 'image/webp'],
      [`${id}-640.jpg`, 'image/jpeg'],
      [`${id}-1000.jpg`, 'image/jpeg'],
    ] as const) {
      const res = await get(`/media/${name}`);
      assert.equal(res.status, 200, name);
      assert.equal(res.headers['content-type'], type);
      assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
    }
    const head = await get(`/media/${id}-320.webp`, 'HEAD');
    assert.equal(head.status, 200);
  });

  it('answers 404 for a name it does not have, and for anything but an exact name', async () => {
    const names = [
      `${id}-1280.jpg`,
      `${id}-640.png`,
      `${'f'.repeat(20)}-640.jpg`,
      `${id.toUpperCase()}-640.jpg`,
      `${id}-0640.jpg`,
      `${id}-640.JPG`,
      `${id}-640.jpg/`,
      `${id}-640.jpg%00`,
      `%${id}-640.jpg`,
      `${id.slice(0, 19)}%3${id.slice(19)}-640.jpg`,
      `..%2f..%2fportal.sqlite`,
      `../portal.sqlite`,
      `%2e%2e/portal.sqlite`,
      `${id}-640.jpg.svg`,
      `${id}-640.svg`,
    ];
    for (const name of names) {
      const res = await get(`/media/${name}`);
      assert.equal(res.status, 404, name);
      assert.doesNotMatch(res.headers['content-type'] ?? '', /^image\//, name);
    }
    assert.equal((await get(`/MEDIA/${id}-640.jpg`)).status, 404);
    assert.equal((await get(`/media/${id}-640.jpg?v=1`)).status, 200, 'a query changes nothing');
  });

  it('leaves the portal’s own drawings where they were', async () => {
    const logo = await get('/media/logo.svg');
    assert.equal(logo.status, 200);
    assert.match(logo.headers['content-type'] ?? '', /image\/svg\+xml/);
  });
});

describe('every instance reads them', () => {
  it('on PostgreSQL: uploaded through one instance, served by another at once', {
    skip: postgresDatabase.skip,
  }, async () => {
    const url = await (postgresDatabase.url as () => Promise<string>)();
    const one = await startTestPortal({ databaseUrl: url });
    const two = await startTestPortal({ databaseUrl: url });
    try {
      const { item } = await one.backend.media.upload({ name: 'a.jpg', bytes: await photo(500, 250) }, '', BY);
      const served = await request(two.port, `/media/${item.id}-500.webp`);
      assert.equal(served.status, 200);
      assert.equal(served.headers['content-type'], 'image/webp');
      assert.deepEqual(
        (await two.backend.media.list()).map((listed) => listed.id),
        [item.id],
      );
      assert.ok(!existsSync(join(one.dataDir, 'media')), 'nothing in the data folder');
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('with MEDIA_DIR: a shared folder, whatever the database', async () => {
    const shared = join(tempDir(), 'shared-media');
    const one = await startTestPortal({ media: { dir: shared } });
    const two = await startTestPortal({ media: { dir: shared } });
    try {
      const { item } = await one.backend.media.upload({ name: 'a.jpg', bytes: await photo(400, 200) }, '', BY);
      assert.ok(existsSync(join(shared, `${item.id}-400.jpg`)));
      assert.equal((await request(two.port, `/media/${item.id}-400.jpg`)).status, 200);
      assert.match(one.backend.media.storage.where, /shared-media$/);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
