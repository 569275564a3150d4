import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const STARTUP_TIMEOUT_MS = 30_000;

/** Waits for the server's "listening on http://…" line and returns the address. */
function addressOf(server: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), STARTUP_TIMEOUT_MS);
    const onData = (data: Buffer) => {
      output += data;
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1').replace(/\/$/, ''));
      }
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', onData);
    server.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

/**
 * Starts the real portal server once for the whole run, on a free port with its
 * own data folder, exactly as `npm start` runs it. Tests find it in PORTAL_URL.
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORTAL_ENV: 'local' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  process.env.PORTAL_URL = await addressOf(server);
  server.stderr?.pipe(process.stderr);

  return async () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
}
