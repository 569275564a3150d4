import assert from 'node:assert/strict';
import { it } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import type { PageCommon } from '../../contract/page-data';
import { ServerStateScript } from './server-state';

it('no value in the server state can close its script element', () => {
  const hostile = { footerCommonDTO: { address: '</script><script>alert(1)</script>' } } as unknown as PageCommon;
  const html = renderToStaticMarkup(<ServerStateScript state={{ pageCommon: hostile }} />);
  assert.equal(html.match(/<\/script>/g)?.length, 1);
  const json = /<script[^>]*>(.*)<\/script>/.exec(html)?.[1] ?? '';
  assert.equal(JSON.parse(json).pageCommon.footerCommonDTO.address, '</script><script>alert(1)</script>');
});
