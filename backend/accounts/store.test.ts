import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { openDatabase } from '../db/connection';
import { ACCESS_TTL_MS, AccountStore, CODE_TTL_MS, digest } from './store';

const dir = mkdtempSync(join(tmpdir(), 'portal-store-'));
const db = openDatabase(dir);
after(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

let clock = Date.parse('2026-11-21T08:00:00Z');
const store = new AccountStore(db, () => clock);
const demo = store.userByName('demo')!;
const back = 'http://localhost:3000/home';

describe('account store', () => {
  it('codes live 60 seconds', () => {
    assert.equal(CODE_TTL_MS, 60_000);
    const fresh = store.createCode(demo.id, '9090', back);
    clock += CODE_TTL_MS - 1;
    assert.equal(store.consumeCode(fresh, '9090', back), demo.id);
    const stale = store.createCode(demo.id, '9090', back);
    clock += CODE_TTL_MS + 1;
    assert.equal(store.consumeCode(stale, '9090', back), undefined);
  });

  it('a code presented with the wrong pairing is spent all the same', () => {
    const code = store.createCode(demo.id, '9090', back);
    assert.equal(store.consumeCode(code, '9090', 'http://localhost:3000/other'), undefined);
    assert.equal(store.consumeCode(code, '9090', back), undefined);
  });

  it('access tokens expire after 2 hours', () => {
    assert.equal(ACCESS_TTL_MS, 7_200_000);
    const { accessToken, expiresIn } = store.createSession(demo.id, '9090');
    assert.equal(expiresIn, 7200);
    clock += ACCESS_TTL_MS - 1000;
    assert.equal(store.userByAccessToken(accessToken, '9090')?.id, demo.id);
    clock += 2000;
    assert.equal(store.userByAccessToken(accessToken, '9090'), undefined);
  });

  it('opens only the application the token was issued to', () => {
    const { accessToken } = store.createSession(demo.id, '7070');
    assert.equal(store.userByAccessToken(accessToken, '9090'), undefined);
    assert.equal(store.userByAccessToken(accessToken, '7070')?.id, demo.id);
    assert.equal(store.userByAccessToken(accessToken, null)?.id, demo.id, 'the account service knows every app’s');
  });

  it('revokes the whole family when a traded refresh token comes back', () => {
    const first = store.createSession(demo.id, '9090');
    const second = store.refresh(first.refreshToken);
    assert.ok(second);
    assert.equal(store.userByAccessToken(first.accessToken, '9090'), undefined, 'rotated');
    assert.equal(store.userByAccessToken(second.accessToken, '9090')?.id, demo.id);
    // The first refresh token again: a copy was taken. The newer pair stops working too.
    assert.equal(store.refresh(first.refreshToken), undefined);
    assert.equal(store.userByAccessToken(second.accessToken, '9090'), undefined);
    assert.equal(store.refresh(second.refreshToken), undefined);
    // Another sign-in of the same user is another family, untouched.
    const other = store.createSession(demo.id, '9090');
    assert.equal(store.userByAccessToken(other.accessToken, '9090')?.id, demo.id);
  });

  it('keeps only hashes of codes and tokens', () => {
    const { accessToken, refreshToken } = store.createSession(demo.id, '9090');
    const row = db.prepare('SELECT access_hash, refresh_hash FROM sessions ORDER BY id DESC LIMIT 1').get() as Record<
      string,
      string
    >;
    assert.equal(row.access_hash, digest(accessToken));
    assert.equal(row.refresh_hash, digest(refreshToken));
    const dump =
      JSON.stringify(db.prepare('SELECT * FROM sessions').all()) +
      JSON.stringify(db.prepare('SELECT * FROM auth_codes').all());
    assert.ok(!dump.includes(accessToken) && !dump.includes(refreshToken));
  });
});
