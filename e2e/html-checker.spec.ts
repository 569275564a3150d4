import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, portalUrl, test } from './fixtures';
import { PAGE_KINDS } from './layout/matrix';

// Issue #18: the Nu HTML Checker (vnu) finds no error in what the server sends for
// every page kind, as a phone and as a desktop browser get it (the header differs),
// nor on the pages around them: errors, a page past the end, the order pages, the
// agent inbox's and the account service's sign-in, the local console.
test.describe.configure({ timeout: 120_000 });

const vnuJar: string = createRequire(import.meta.url)('vnu-jar');

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

const MORE_PAGES = [
  '/no-such-page',
  '/product?page=999',
  // What a visitor typed comes back in the page: control characters HTML may not carry are dropped.
  '/searchRes?keyword=MES%01%08%0B%1B%7F%C2%85',
  '/home',
  '/order/create?productId=1&edition=1',
  '/order/success?orderNo=PO0000000000',
  '/order/PO0000000000',
  '/chat/agent',
];

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

test('the Nu HTML Checker finds no error on any page, as a phone or a desktop gets it', async ({ request }) => {
  const folder = mkdtempSync(join(tmpdir(), 'portal-vnu-'));
  try {
    const consoleUrl = process.env.CONSOLE_URL;
    const urls = [
      ...[...PAGE_KINDS, ...MORE_PAGES].map((path) => `${portalUrl()}${path}`),
      ...(consoleUrl ? [`${consoleUrl}/welcome`] : []),
    ];
    const files = new Map<string, string>();
    for (const [agent, userAgent] of [
      ['phone', PHONE_UA],
      ['desktop', DESKTOP_UA],
    ] as const)
      for (const [i, url] of urls.entries()) {
        const response = await request.get(url, { headers: { 'user-agent': userAgent }, maxRedirects: 5 });
        expect(response.headers()['content-type'], url).toContain('text/html');
        const file = join(folder, `${agent}-${i}.html`);
        writeFileSync(file, await response.body());
        files.set(`file:${file}`, `${url} (${agent})`);
      }

    const { stderr } = await promisify(execFile)(
      'java',
      ['-Xss4m', '-jar', vnuJar, '--errors-only', '--format', 'json', '--exit-zero-always', folder],
      { maxBuffer: 32 * 1024 * 1024 },
    );
    const { messages } = JSON.parse(stderr) as { messages: VnuMessage[] };
    const errors = messages
      .filter((m) => m.type === 'error' || m.subType === 'fatal')
      .map((m) => `${files.get(m.url) ?? m.url}:${m.lastLine ?? '?'}: ${m.message} «${m.extract?.trim() ?? ''}»`);
    expect(errors, 'vnu errors').toEqual([]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
