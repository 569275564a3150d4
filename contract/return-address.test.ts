import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { returnAddress } from './return-address';

const rules = { origins: ['https://www.miit.gov.cn', 'http://127.0.0.1:3001'], base: 'http://127.0.0.1:3001' };

describe('returnAddress', () => {
  it('lets through the allowed origins and paths of the base', () => {
    for (const [raw, expected] of [
      ['https://www.miit.gov.cn/', 'https://www.miit.gov.cn/'],
      ['https://www.miit.gov.cn/a/b?x=%2F#top', 'https://www.miit.gov.cn/a/b?x=%2F#top'],
      [
        'http://127.0.0.1:3001/company/enterprise?redirect=https%3A%2F%2Fx',
        'http://127.0.0.1:3001/company/enterprise?redirect=https%3A%2F%2Fx',
      ],
      ['/welcome', 'http://127.0.0.1:3001/welcome'],
      ['/company/manager-setting?x=1', 'http://127.0.0.1:3001/company/manager-setting?x=1'],
    ] as const)
      assert.equal(returnAddress(raw, rules)?.href, expected, raw);
  });

  it('refuses every way out of them', () => {
    for (const raw of [
      '/\\evil.com',
      '\\\\evil.com',
      '//evil.com',
      '///evil.com',
      '/\t/evil.com',
      '/\n/evil.com',
      ' https://www.miit.gov.cn/',
      '/.//evil.com',
      '/a/..//evil.com',
      '/%2e%2e//evil.com',
      'http://127.0.0.1:3001/.//evil.com',
      '/%2fevil.com',
      '/%5Cevil.com',
      '/a/..%2f..%2fevil',
      'http://www.miit.gov.cn/',
      'https://www.miit.gov.cn.evil.com/',
      'https://www.miit.gov.cn@evil.com/',
      'https://user:pass@www.miit.gov.cn/',
      'javascript:alert(1)',
      'data:text/html,hi',
      'https:evil.com',
      'evil.com',
      '',
      'x'.repeat(3000),
      42,
      undefined,
      ['https://www.miit.gov.cn/'],
    ])
      assert.equal(returnAddress(raw, rules), undefined, String(raw));
  });

  it('takes no path alone without a base', () => {
    assert.equal(returnAddress('/welcome', { origins: rules.origins }), undefined);
  });
});
