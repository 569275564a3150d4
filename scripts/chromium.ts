import { existsSync } from 'node:fs';

/**
 * Debian's Chromium, for every browser test here (Playwright cannot download its
 * own browser on these machines). `CHROMIUM_PATH` points elsewhere.
 */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(`No Chromium at ${path}. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.`);
  }
  return path;
}

/** Flags for a quiet headless Chromium on a machine without outside network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
