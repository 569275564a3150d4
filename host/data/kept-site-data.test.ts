import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PageCommon } from '../../contract/page-data';
import { keptSiteData } from './kept-site-data';

/** A site data source that counts its reads, and a change announcer to drive. */
function counted(fail = () => false) {
  const reads = { pageCommon: 0, friendlyLinks: 0 };
  const listeners: Array<(paths: readonly string[]) => void> = [];
  const source = {
    pageCommon: async () => {
      reads.pageCommon++;
      if (fail()) throw new Error('down');
      return { navStatus: reads.pageCommon } as unknown as PageCommon;
    },
    friendlyLinks: async () => {
      reads.friendlyLinks++;
      return [];
    },
  };
  const changes = { onChange: (listener: (paths: readonly string[]) => void) => void listeners.push(listener) };
  return {
    reads,
    source,
    changes,
    announce: (paths: string[]) => {
      for (const tell of listeners) tell(paths);
    },
  };
}

describe('the site data kept for every page', () => {
  it('is read once for many pages, the same object each time', async () => {
    const { reads, source, changes } = counted();
    const kept = keptSiteData(source, changes);
    const [a, b] = await Promise.all([kept.pageCommon(), kept.pageCommon()]);
    assert.equal(a, b);
    assert.equal(await kept.pageCommon(), a);
    await kept.friendlyLinks();
    await kept.friendlyLinks();
    assert.deepEqual(reads, { pageCommon: 1, friendlyLinks: 1 });
  });

  it('is read again after any announced change, and after its fresh time', async () => {
    const { reads, source, changes, announce } = counted();
    const kept = keptSiteData(source, changes, 50);
    const first = await kept.pageCommon();
    announce(['/news/1']);
    const second = await kept.pageCommon();
    assert.notEqual(second, first);
    announce(['*']);
    await kept.pageCommon();
    assert.equal(reads.pageCommon, 3);
    await sleep(60);
    await kept.pageCommon();
    assert.equal(reads.pageCommon, 4);
  });

  it('keeps no failed read', async () => {
    let down = true;
    const { reads, source, changes } = counted(() => down);
    const kept = keptSiteData(source, changes);
    await assert.rejects(kept.pageCommon());
    down = false;
    assert.ok(await kept.pageCommon());
    assert.equal(reads.pageCommon, 2);
  });
});
