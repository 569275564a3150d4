import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Parser } from 'htmlparser2';
import { startTestPortal, type TestPortal } from '../test-support/backend';
import { ROUTES } from '../test-support/routes';
import { request } from '../test-support/server';

/** Images at least this wide are content (covers, posters); smaller ones are the chrome's logo and badges. */
const LARGE = 300;

/** Every `<img>` of a page, in document order, with its attributes. */
function images(html: string): Array<Record<string, string>> {
  const found: Array<Record<string, string>> = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'img') found.push(attributes);
    },
  });
  parser.end(html);
  return found;
}

let portal: TestPortal;
before(async () => {
  portal = await startTestPortal({ pageCache: false });
});
after(() => portal.close());

describe('image loading', () => {
  for (const path of ['/', '/product']) {
    it(`${path}: its largest image, the first cover, loads at once and first`, async () => {
      const [first] = images((await request(portal.port, path)).body).filter((img) => Number(img.width) >= LARGE);
      assert.ok(first, 'the page has a cover');
      assert.equal(first.fetchpriority, 'high');
      assert.equal(first.loading, undefined);
    });
  }

  const pages = [
    ...ROUTES.map(([path]) => path),
    '/propaganda-film/2025/brand-2025',
    '/meiqia/card?type=2&associationNo=S2025001',
  ];
  for (const path of pages) {
    it(`${path}: only the first large image is eager and high priority, the rest wait to be scrolled near`, async () => {
      const all = images((await request(portal.port, path)).body);
      const large = all.filter((img) => Number(img.width) >= LARGE);
      assert.ok(all.filter((img) => img.fetchpriority !== undefined).length <= 1, 'one image at most goes first');
      large.forEach((img, index) => {
        const first = index === 0;
        assert.deepEqual(
          { loading: img.loading, fetchpriority: img.fetchpriority },
          first ? { loading: undefined, fetchpriority: 'high' } : { loading: 'lazy', fetchpriority: undefined },
          `image ${index + 1} of ${large.length} (${img.src})`,
        );
      });
    });
  }
});
