import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { nginxConfig } from './nginx';

describe('the nginx configuration docs/operating.md shows', () => {
  it('is the one the cluster runs (nginxConfig), for its example addresses', () => {
    const guide = readFileSync('docs/operating.md', 'utf8');
    const shown = /```nginx\n([\s\S]*?)```/.exec(guide)?.[1];
    const config = nginxConfig({
      listen: '127.0.0.1:8080',
      instances: ['127.0.0.1:3000', '127.0.0.1:3010'],
      dir: '/var/lib/portal-nginx',
    });
    assert.equal(shown, config);
  });

  it('logs no query string: sign-in codes and tokens stay out of the access log', () => {
    const config = nginxConfig({ listen: '127.0.0.1:8080', instances: ['127.0.0.1:3000'], dir: '/x' });
    const format = /log_format upstreams '([^']*)'/.exec(config)?.[1] ?? '';
    assert.match(format, /\$uri/);
    assert.doesNotMatch(format, /\$request\b|\$request_uri|\$args|\$query_string/);
  });
});
