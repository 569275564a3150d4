import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DatabaseUnavailable, unavailableFault } from './faults';

describe('faults of the database that are weather', () => {
  it('names the server going away, a cut connection and a full disk, without addresses', () => {
    const cases: Array<[unknown, string]> = [
      [Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' }), 'it refuses'],
      [
        Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
        'shutting down',
      ],
      [Object.assign(new Error('the database system is starting up'), { code: '57P03' }), 'starting up'],
      [Object.assign(new Error('connection failure'), { code: '08006' }), 'connection failed'],
      [new Error('Connection terminated unexpectedly'), 'cut'],
      [new Error('timeout exceeded when trying to connect'), 'cut'],
      [Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }), 'disk is full'],
      [Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_WRITE' }), 'read or written'],
      [Object.assign(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]), {}), 'refuses'],
    ];
    for (const [error, words] of cases) {
      const fault = unavailableFault(error);
      assert.ok(fault?.includes(words), `${String(error)}: ${fault}`);
      assert.doesNotMatch(fault ?? '', /\d+\.\d+\.\d+\.\d+|5432/);
    }
  });

  it('leaves every other error alone: a bug stays a 500', () => {
    for (const error of [
      new Error('syntax error at or near "SELEC"'),
      Object.assign(new Error('duplicate key'), { code: '23505' }),
      Object.assign(new Error('UNIQUE constraint failed'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }),
      new TypeError('x is undefined'),
      undefined,
    ])
      assert.equal(unavailableFault(error), undefined, String(error));
  });

  it('answers 503', () => {
    assert.equal(new DatabaseUnavailable('the disk is full').status, 503);
  });
});
