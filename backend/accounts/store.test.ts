import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { PortalDatabase } from '../db/connection';
import { all, one } from '../db/query';
import { testDatabases } from '../test-support/databases';
import { ACCESS_TTL_MS, AccountStore, CODE_TTL_MS, digest, REFRESH_GRACE_MS, type UserRow } from './store';

for (const target of testDatabases) {
  describe(`account store on ${target.name}`, { skip: target.skip }, () => {
    let database: PortalDatabase;
    let store: AccountStore;
    let demo: UserRow;
    let clock = Date.parse('2026-11-21T08:00:00Z');
    const back = 'http://localhost:3000/home';
    before(async () => {
      database = await target.open();
      store = new AccountStore(database.db, () => clock);
      demo = (await store.userByName('demo')) as UserRow;
    });
    after(() => database?.close());

    it('finds an account whatever the case of its name', async () => {
      assert.equal((await store.userByName('DEMO'))?.id, demo.id);
      assert.equal(await store.userByName('demo2'), undefined);
    });

    it('codes live 60 seconds', async () => {
      assert.equal(CODE_TTL_MS, 60_000);
      const fresh = await store.createCode(demo.id, '9090', back);
      clock += CODE_TTL_MS - 1;
      assert.equal(await store.consumeCode(fresh, '9090', back), demo.id);
      const stale = await store.createCode(demo.id, '9090', back);
      clock += CODE_TTL_MS + 1;
      assert.equal(await store.consumeCode(stale, '9090', back), undefined);
    });

    it('a code presented with the wrong pairing is spent all the same', async () => {
      const code = await store.createCode(demo.id, '9090', back);
      assert.equal(await store.consumeCode(code, '9090', 'http://localhost:3000/other'), undefined);
      assert.equal(await store.consumeCode(code, '9090', back), undefined);
    });

    it('a code used twice at once signs in once', async () => {
      const code = await store.createCode(demo.id, '9090', back);
      const uses = await Promise.all([1, 2, 3].map(() => store.consumeCode(code, '9090', back)));
      assert.deepEqual(
        uses.filter((user) => user !== undefined),
        [demo.id],
      );
    });

    it('access tokens expire after 2 hours', async () => {
      assert.equal(ACCESS_TTL_MS, 7_200_000);
      const { accessToken, expiresIn } = await store.createSession(demo.id, '9090');
      assert.equal(expiresIn, 7200);
      clock += ACCESS_TTL_MS - 1000;
      assert.equal((await store.userByAccessToken(accessToken, '9090'))?.id, demo.id);
      clock += 2000;
      assert.equal(await store.userByAccessToken(accessToken, '9090'), undefined);
    });

    it('opens only the application the token was issued to', async () => {
      const { accessToken } = await store.createSession(demo.id, '7070');
      assert.equal(await store.userByAccessToken(accessToken, '9090'), undefined);
      assert.equal((await store.userByAccessToken(accessToken, '7070'))?.id, demo.id);
      assert.equal(
        (await store.userByAccessToken(accessToken, null))?.id,
        demo.id,
        'the account service knows every app’s',
      );
    });

    it('revokes the whole family when a traded refresh token comes back', async () => {
      const first = await store.createSession(demo.id, '9090');
      const second = await store.refresh(first.refreshToken);
      assert.ok(second);
      assert.equal(await store.userByAccessToken(first.accessToken, '9090'), undefined, 'rotated');
      assert.equal((await store.userByAccessToken(second.accessToken, '9090'))?.id, demo.id);
      // The first refresh token again, later than a retry could come: a copy was taken. The newer pair stops working too.
      clock += REFRESH_GRACE_MS + 1;
      assert.equal(await store.refresh(first.refreshToken), undefined);
      assert.equal(await store.userByAccessToken(second.accessToken, '9090'), undefined);
      assert.equal(await store.refresh(second.refreshToken), undefined);
      // Another sign-in of the same user is another family, untouched.
      const other = await store.createSession(demo.id, '9090');
      assert.equal((await store.userByAccessToken(other.accessToken, '9090'))?.id, demo.id);
    });

    it('a refresh token traded twice at once (two tabs) leaves one working pair: nobody is signed out', async () => {
      const first = await store.createSession(demo.id, '9090');
      const trades = (await Promise.all([1, 2].map(() => store.refresh(first.refreshToken)))).filter(
        (tokens) => tokens !== undefined,
      );
      const working = [];
      for (const pair of trades) if (await store.userByAccessToken(pair.accessToken, '9090')) working.push(pair);
      assert.equal(working.length, 1);
      assert.ok(await store.refresh(working[0]?.refreshToken ?? ''), 'and it refreshes');
    });

    it('a refresh sent again after its answer was lost gets a new pair within the grace; the lost one stops working', async () => {
      const first = await store.createSession(demo.id, '9090');
      const lost = await store.refresh(first.refreshToken);
      assert.ok(lost);
      clock += REFRESH_GRACE_MS - 1000;
      const again = await store.refresh(first.refreshToken);
      assert.ok(again, 'the retry is answered');
      assert.equal((await store.userByAccessToken(again.accessToken, '9090'))?.id, demo.id);
      assert.equal(await store.userByAccessToken(lost.accessToken, '9090'), undefined, 'the unreceived pair is void');
      assert.equal(await store.refresh(lost.refreshToken), undefined, 'and its refresh token a theft');
      assert.equal(await store.userByAccessToken(again.accessToken, '9090'), undefined, 'which ends the family');
    });

    it('a traded refresh token coming back once its new pair was used is a theft, within the grace too', async () => {
      const first = await store.createSession(demo.id, '9090');
      const second = await store.refresh(first.refreshToken);
      const third = await store.refresh(second?.refreshToken ?? '');
      assert.ok(third);
      assert.equal(await store.refresh(first.refreshToken), undefined);
      assert.equal(await store.userByAccessToken(third.accessToken, '9090'), undefined, 'the family is revoked');
    });

    it('a code made from a sign-in continues it: one sign-out ends every session of it', async () => {
      const portal = await store.createSession(demo.id, '9090');
      const signIn = await store.sessionFamily(portal.accessToken, '9090');
      assert.equal(signIn?.userId, demo.id);
      assert.equal(await store.sessionFamily(portal.accessToken, '7070'), undefined, 'another app’s token');
      const code = await store.createCode(demo.id, '9090', back, undefined, signIn?.family);
      const grant = await store.redeemCode(code, '9090', back);
      assert.deepEqual(grant, { userId: demo.id, family: signIn?.family });
      assert.equal(await store.redeemCode(code, '9090', back), undefined, 'once');
      const plain = await store.redeemCode(await store.createCode(demo.id, '9090', back), '9090', back);
      assert.deepEqual(plain, { userId: demo.id, family: undefined }, 'a password sign-in starts a new one');
      const console_ = await store.createSession(demo.id, '9090', grant?.family);
      const other = await store.createSession(demo.id, '9090');
      await store.revokeSignIn(console_.accessToken);
      assert.equal(await store.userByAccessToken(portal.accessToken, '9090'), undefined);
      assert.equal(await store.userByAccessToken(console_.accessToken, '9090'), undefined);
      assert.equal(await store.sessionFamily(portal.accessToken, '9090'), undefined, 'ended');
      assert.equal((await store.userByAccessToken(other.accessToken, '9090'))?.id, demo.id, 'another sign-in stays');
      await store.revokeSignIn('zat_unknown');
    });

    it('keeps only hashes of codes and tokens', async () => {
      const { accessToken, refreshToken } = await store.createSession(demo.id, '9090');
      const row = await one(
        database.db,
        sql<Record<string, string>>`SELECT access_hash, refresh_hash FROM sessions ORDER BY id DESC LIMIT 1`,
      );
      assert.equal(row?.access_hash, digest(accessToken));
      assert.equal(row?.refresh_hash, digest(refreshToken));
      const dump =
        JSON.stringify(await all(database.db, sql`SELECT * FROM sessions`)) +
        JSON.stringify(await all(database.db, sql`SELECT * FROM auth_codes`));
      assert.ok(!dump.includes(accessToken) && !dump.includes(refreshToken));
    });
  });
}
