import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderServicePage } from './service-page';

test('a service page drops the control characters HTML may not carry (a chat message, a typed name)', () => {
  const html = renderServicePage({
    nonce: 'n',
    title: 'inbox\u0001',
    style: '',
    children: <p title={'a\u0008b'}>{'你好\u0001\u001b\u007f\u0085，\t世界\n'}</p>,
  });
  assert.match(html, /<p title="ab">你好，\t世界\n<\/p>/);
});
