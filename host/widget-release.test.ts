import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { createApp } from './app';
import { announcedEnvironment } from './environments';
import { listen, request } from './test-support/server';
import { readWidgetBuild } from './widget-build';
import { widgetRelease } from './widget-release';

const WIDGETS = 'dist/widgets';
let server: Server;
let port: number;
before(async () => {
  ({ server, port } = await listen(createApp({ widgetsDir: WIDGETS, logLevel: 'silent' })));
});
after(() => server.close());

describe('the pinned release', () => {
  const release = widgetRelease(readWidgetBuild(WIDGETS), announcedEnvironment());
  const prefix = release?.scriptPath.replace(/\/portal\.js$/, '') ?? '';

  it('serves portal.js for a year, its bytes matching the integrity hash, with 304 and HEAD', async () => {
    assert.ok(release, 'the widgets are built');
    const res = await request(port, release.scriptPath);
    assert.equal(res.status, 200);
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(release.integrity, `sha384-${createHash('sha384').update(res.body).digest('base64')}`);
    const again = await request(port, release.scriptPath, { headers: { 'If-None-Match': String(res.headers.etag) } });
    assert.equal(again.status, 304);
    const head = await request(port, release.scriptPath, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.body, '');
  });

  it('serves the chunks beside it, and nothing else of the build', async () => {
    const chunk = readdirSync(`${WIDGETS}/chunks`).find((file) => file.endsWith('.js'));
    const res = await request(port, `${prefix}/chunks/${chunk}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    // These can change within a release id: never under its address.
    for (const file of ['chat.js', 'esm/portal-login.js', 'custom-elements.json', 'manifest.json']) {
      assert.equal((await request(port, `${prefix}/${file}`)).status, 404, file);
    }
  });
});
