import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { accessTokenOf } from './accounts';
import { type PortalProcess, startPortalProcess } from './portal-process';

/**
 * The server killed with SIGKILL while certified customers place orders at the
 * same time: an order the API confirmed (2xx with its number) must be there after
 * a restart on the same data folder, and a submission whose answer the kill
 * swallowed, sent again with its idempotency key, must make one order, not two.
 */
const ROUNDS = 3;
/** Concurrent submissions, spread over the buyers. */
const WRITERS = 8;
/** Orders confirmed in a round before the kill: the kill lands while others are in flight. */
const CONFIRMED_BEFORE_KILL = 25;
/** A round that cannot confirm that many in this time fails rather than runs on. */
const ROUND_DEADLINE_MS = 15_000;

const BUYERS = [
  { username: 'demo', companyId: 1001, contactPhone: '13800001001' },
  { username: 'newterms', companyId: 1004, contactPhone: '13800001004' },
] as const;

interface Submission {
  token: string;
  companyId: number;
  body: Record<string, unknown>;
}

const ORDERS = '/api-zzy-portal/api/orders';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

async function place(portal: PortalProcess, submission: Submission) {
  const response = await fetch(`${portal.url}${ORDERS}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${submission.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(submission.body),
    signal: AbortSignal.timeout(10_000),
  });
  const answer = (await response.json()) as { result?: { orderNo?: string } };
  return { status: response.status, orderNo: answer.result?.orderNo };
}

async function read(portal: PortalProcess, token: string, path: string) {
  const response = await fetch(`${portal.url}${ORDERS}${path}`, {
    headers: { Authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, body: (await response.json()) as { result: Record<string, unknown> } };
}

test('no confirmed order is lost to a kill -9 during concurrent orders, over three rounds', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-orders-kill-'));
  let portal = await startPortalProcess(3, { dataDir, keepData: true });
  /** Confirmed orders by idempotency key: what must survive. */
  const confirmed = new Map<string, { orderNo: string; submission: Submission }>();
  const rounds: Array<{ confirmed: number; unanswered: number; refused: number }> = [];
  try {
    const api = await playwrightRequest.newContext();
    // One after another: the sign-in form's cookie is one per browser.
    const tokens: string[] = [];
    for (const buyer of BUYERS) tokens.push(await accessTokenOf(api, portal.url, buyer.username));
    await api.dispose();

    for (let round = 1; round <= ROUNDS; round++) {
      let confirmedThisRound = 0;
      let refused = 0;
      let killed = false;
      const unanswered: Submission[] = [];
      let serial = 0;
      const writer = async (index: number) => {
        const buyer = BUYERS[index % BUYERS.length] as (typeof BUYERS)[number];
        const token = tokens[index % BUYERS.length] as string;
        while (!killed) {
          const key = `kill-r${round}-w${index}-${++serial}-${'x'.repeat(8)}`;
          const submission: Submission = {
            token,
            companyId: buyer.companyId,
            body: {
              productId: 1,
              editionId: 2,
              companyId: buyer.companyId,
              quantity: 1 + (serial % 9),
              contactName: `买家${index}`,
              contactPhone: buyer.contactPhone,
              remark: `第 ${round} 轮 ${key}`,
              idempotencyKey: key,
            },
          };
          try {
            const answer = await place(portal, submission);
            if (answer.status >= 200 && answer.status < 300 && answer.orderNo) {
              confirmed.set(key, { orderNo: answer.orderNo, submission });
              confirmedThisRound++;
            } else refused++;
          } catch {
            // The kill took the answer: the order may or may not exist.
            unanswered.push(submission);
          }
        }
      };
      const writers = Array.from({ length: WRITERS }, (_, index) => writer(index));
      await expect
        .poll(() => confirmedThisRound, { timeout: ROUND_DEADLINE_MS, intervals: [20] })
        .toBeGreaterThanOrEqual(CONFIRMED_BEFORE_KILL);
      // No new submission from now: those under way are the ones the kill cuts.
      killed = true;
      await portal.kill('SIGKILL');
      await Promise.all(writers);
      rounds.push({ confirmed: confirmedThisRound, unanswered: unanswered.length, refused });
      expect(refused, 'submissions refused while the server ran').toBe(0);

      portal = await startPortalProcess(3, { dataDir, keepData: true });
      // Sent again with the same key: the order it made before the kill, or a new one, once.
      for (const submission of unanswered) {
        const answer = await place(portal, submission);
        expect(answer.status).toBe(200);
        const again = await place(portal, submission);
        expect(again.orderNo).toBe(answer.orderNo);
        confirmed.set(String(submission.body.idempotencyKey), { orderNo: answer.orderNo as string, submission });
      }
      const lost: string[] = [];
      for (const [key, { orderNo, submission }] of confirmed) {
        const { status, body } = await read(portal, submission.token, `/${orderNo}`);
        if (status !== 200 || body.result.remark !== submission.body.remark) lost.push(`${key} ${orderNo} (${status})`);
      }
      expect(lost, `confirmed orders missing after kill ${round}`).toEqual([]);
      // Each key made exactly one order: no duplicate from a retry, no order nobody was told of.
      for (const [index, buyer] of BUYERS.entries()) {
        const { body } = await read(portal, tokens[index] as string, '?page=1&pageSize=1');
        const keys = [...confirmed.values()].filter((entry) => entry.submission.companyId === buyer.companyId);
        expect(body.result.total, `${buyer.username}'s orders`).toBe(keys.length);
      }
    }
    test.info().annotations.push({ type: 'rounds', description: JSON.stringify(rounds) });
    // The kill cut submissions under way in some round (on a loaded machine the answers of one
    // round may all have been written before the kill): the retries above were exercised.
    expect(
      rounds.reduce((sum, round) => sum + round.unanswered, 0),
      'submissions under way when the server was killed',
    ).toBeGreaterThan(0);
  } finally {
    await portal.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
