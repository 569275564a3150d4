import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Request, Response } from 'express';
import { cspNonce } from './security';

describe('CSP nonces', () => {
  it('are 16 random bytes each, never repeated, across many blocks of the generator', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const res = { locals: {} as { cspNonce?: string } };
      cspNonce({} as Request, res as unknown as Response, () => {});
      const nonce = res.locals.cspNonce ?? '';
      assert.equal(Buffer.from(nonce, 'base64').length, 16);
      seen.add(nonce);
    }
    assert.equal(seen.size, 2000);
  });
});
