import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { request } from '../../test-support/http';
import { startTestPortal } from '../../test-support/portal';
import { sqliteDatabase, type TestDatabase } from './databases';
import { StaffBrowser } from './staff-browser';

const ADMIN = { login: 'admin', password: 'Admin-desks-2026' };

/** A portal with an administrator (who publishes) and an editor (who only drafts), both signed in. */
export async function studioWithStaff(databaseUrl?: string) {
  const portal = await startTestPortal({ studioAdmin: ADMIN, publishCheckMs: 100, databaseUrl });
  const admin = new StaffBrowser(portal);
  await admin.signIn(ADMIN.login, ADMIN.password);
  const editor = await admin.addMember({ login: 'writer', name: '李编辑', roles: 'editor' });
  const visitor = (path: string) => request(portal.port, path);
  return { portal, admin, editor, visitor };
}

export type Studio = Awaited<ReturnType<typeof studioWithStaff>>;

/** What the lifecycle needs to know of one kind of content. */
export interface DeskCase {
  name: string;
  /** The studio's address of the kind, e.g. /studio/products. */
  base: string;
  /** The item's public page. */
  page(id: string): string;
  /** The public list it shows in. */
  list: string;
  /** A whole new item, as the form posts it. */
  fields: Record<string, string>;
  /** The name the item shows by (unique to the test). */
  title: string;
  /** Which field holds it. */
  titleField: string;
  /** A word of the item that search finds. */
  searchWord: string;
  /** Changes the form refuses, the messages it gives, and a typed value it must keep. */
  refused: { fields: Record<string, string>; messages: RegExp[]; kept: RegExp[] };
  /** Every text field, to fill with hostile HTML. */
  textFields: string[];
  /** Text fields too short for it: each gets a short piece instead. */
  shortFields?: string[];
}

export const HOSTILE = '<script>alert(1)</script><img src=x onerror=alert(2)>';
/** What must never reach a public page from a field: a script, a handler, a javascript: link. */
export const LIVE_HTML = /<script>alert|<img[^>]*onerror|<a[^>]*javascript:alert|<b[^>]*onclick/;
/** Hostile HTML that fits a short field. */
export const SHORT_HOSTILE = '<b onclick=f()>x</b>';

/**
 * A kind's desk end to end, as an editor and a publisher use it and a visitor
 * sees it: a draft stays unseen (the preview is staff's only), publishing shows
 * it on its page, list, search and site map at once, an edit published shows,
 * a restore brings the old version back, taking it down 404s, and a refused
 * form keeps what was typed with Chinese messages; hostile HTML stays inert.
 */
export function deskLifecycle(
  kind: DeskCase,
  extra?: (studio: () => Studio, id: () => string) => void,
  databases: readonly TestDatabase[] = [sqliteDatabase],
) {
  for (const target of databases)
    describe(
      `the ${kind.name} desk on ${target.name}: drafts, preview, publishing, revisions`,
      { skip: target.skip },
      () => lifecycle(kind, target, extra),
    );
}

function lifecycle(kind: DeskCase, target: TestDatabase, extra?: (studio: () => Studio, id: () => string) => void) {
  {
    let studio: Studio;
    let id = '';
    const title = new RegExp(kind.title);
    before(async () => {
      studio = await studioWithStaff(await target.url?.());
    });
    after(() => studio.portal.close());

    it('keeps a new item a draft: visitors get 404 with or without preview; staff preview it', async () => {
      const { editor, visitor } = studio;
      const saved = await editor.submit(`${kind.base}/new`, kind.base, kind.fields);
      assert.equal(saved.status, 303, saved.body);
      id = new RegExp(`${kind.base}/(\\d+)\\?done=saved`).exec(saved.location ?? '')?.[1] ?? '';
      assert.ok(id);
      assert.equal((await visitor(kind.page(id))).status, 404);
      assert.equal((await visitor(`${kind.page(id)}?preview=true`)).status, 404);
      const preview = await editor.get(`${kind.page(id)}?preview=true`);
      assert.equal(preview.status, 200);
      assert.match(preview.body, title);
      assert.doesNotMatch((await visitor(kind.list)).body, title);
    });

    it('lets an editor draft but not publish', async () => {
      assert.equal((await studio.editor.post(`${kind.base}/${id}/publish`, {})).status, 403);
      assert.equal((await studio.visitor(kind.page(id))).status, 404);
    });

    it('publishes: its page, the list, search and the site map show it at once, kept pages included', async () => {
      const { admin, visitor } = studio;
      assert.equal((await visitor(kind.list)).status, 200, 'the list is kept before the publish');
      const published = await admin.submit(`${kind.base}/${id}`, `${kind.base}/${id}/publish`, {});
      assert.equal(published.location, `${kind.base}/${id}?done=published`);
      assert.match((await visitor(kind.page(id))).body, title);
      assert.match((await visitor(kind.list)).body, title, 'the kept list was dropped');
      const found = await visitor(`/searchRes?keyword=${encodeURIComponent(kind.searchWord)}`);
      assert.match(found.body, new RegExp(`${kind.page(id)}"`));
      assert.match((await visitor('/sitemap.xml')).body, new RegExp(`${kind.page(id)}<`));
    });

    it('shows an edit once published, keeps revisions, and restores the old version', async () => {
      const { admin, editor, visitor } = studio;
      const changed = `${kind.title}改`;
      const edited = await editor.submit(`${kind.base}/${id}`, `${kind.base}/${id}`, {
        ...kind.fields,
        [kind.titleField]: changed,
      });
      assert.equal(edited.status, 303, edited.body);
      assert.doesNotMatch((await visitor(kind.page(id))).body, new RegExp(changed), 'a draft changes nothing');
      await admin.submit(`${kind.base}/${id}`, `${kind.base}/${id}/publish`, {});
      assert.match((await visitor(kind.page(id))).body, new RegExp(changed));
      const page = await admin.get(`${kind.base}/${id}`);
      const first = [...page.body.matchAll(/name="revision" value="(\d+)"/g)].map((match) => match[1]).at(-1) ?? '';
      const restored = await admin.submit(`${kind.base}/${id}`, `${kind.base}/${id}/restore`, { revision: first });
      assert.equal(restored.location, `${kind.base}/${id}?done=restored`);
      const shown = (await visitor(kind.page(id))).body;
      assert.match(shown, title);
      assert.doesNotMatch(shown, new RegExp(changed));
    });

    extra?.(
      () => studio,
      () => id,
    );

    it('takes an item down: 404 again, gone from the list, search and the site map', async () => {
      const { admin, visitor } = studio;
      await admin.submit(`${kind.base}/${id}`, `${kind.base}/${id}/unpublish`, {});
      assert.equal((await visitor(kind.page(id))).status, 404);
      assert.doesNotMatch((await visitor(kind.list)).body, title);
      const found = await visitor(`/searchRes?keyword=${encodeURIComponent(kind.searchWord)}`);
      assert.doesNotMatch(found.body, new RegExp(`${kind.page(id)}"`));
      assert.doesNotMatch((await visitor('/sitemap.xml')).body, new RegExp(`${kind.page(id)}<`));
    });

    it('refuses a bad save with each field’s Chinese message and keeps every value typed', async () => {
      const refused = await studio.editor.submit(`${kind.base}/new`, kind.base, {
        ...kind.fields,
        ...kind.refused.fields,
      });
      assert.equal(refused.status, 400);
      for (const message of kind.refused.messages) assert.match(refused.body, message);
      for (const kept of kind.refused.kept) assert.match(refused.body, kept);
    });

    it('makes hostile HTML in every text field inert on the public page', async () => {
      const { admin, editor, visitor } = studio;
      const fields = { ...kind.fields };
      for (const field of kind.textFields) fields[field] = `${fields[field]}${HOSTILE}`;
      for (const field of kind.shortFields ?? []) fields[field] = SHORT_HOSTILE;
      const saved = await editor.submit(`${kind.base}/new`, kind.base, fields);
      assert.equal(saved.status, 303, saved.body);
      const hostileId = new RegExp(`${kind.base}/(\\d+)`).exec(saved.location ?? '')?.[1] ?? '';
      await admin.submit(`${kind.base}/${hostileId}`, `${kind.base}/${hostileId}/publish`, {});
      const shown = await visitor(kind.page(hostileId));
      assert.equal(shown.status, 200);
      assert.doesNotMatch(shown.body, LIVE_HTML);
      assert.doesNotMatch((await admin.get(`${kind.base}/${hostileId}`)).body, LIVE_HTML, 'the studio too');
    });
  }
}
