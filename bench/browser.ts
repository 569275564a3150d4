import { type Browser, chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium';

/**
 * The tests' quiet flags, plus a proxy that does not exist for every address
 * but loopback (which Chromium never proxies): whatever a page or widget asks
 * of the outside world fails at once, and the bench's traffic stays on 127.0.0.1.
 */
export const BENCH_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--proxy-server=http://127.0.0.1:9'];

/** Debian's Chromium (Playwright downloads none here). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: BENCH_CHROMIUM_ARGS });
}
