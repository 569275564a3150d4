import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { staleReason } from '../build/stamp.js';
import { logMessages } from '../test-support/log-lines';

const STARTUP_TIMEOUT_MS = 30_000;

let checkedBuild = false;
/**
 * The server's arguments: the production build, as `npm start` runs it (tests
 * run what ships). A build older than the sources would test yesterday's code:
 * that stops the test with what to run instead.
 */
function serverArgs(): string[] {
  if (!checkedBuild) {
    const stale = staleReason(process.cwd());
    if (stale) throw new Error(`The tests run the built server, but ${stale}: run npm run build`);
    checkedBuild = true;
  }
  return ['dist/server.js'];
}

/** The studio's administrator every test portal starts with (STUDIO_ADMIN_PASSWORD; login `admin`). */
export const STUDIO_ADMIN = { login: 'admin', password: 'Admin@studio-2026' };

export interface PortalProcess {
  url: string;
  consoleUrl: string;
  dataDir: string;
  /** The server's process id (to pause it with SIGSTOP, say). */
  pid: number;
  /** The demo sites: console single-page app, partner page, gallery. */
  demoUrls: { console: string; partner: string; gallery: string };
  /** Everything the server printed (its log lines) since it started. */
  output(): string;
  /**
   * The first line the server printed that matches `pattern`, once it has: a line
   * is written after the answer it is about, and read from the pipe later still.
   * Rejects with everything printed if none comes within `timeoutMs`, or the server ends first.
   */
  logLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  stop(): Promise<void>;
  /** Sends `signal` (default SIGKILL: no clean shutdown), keeping its data folder; resolves with the exit code once it ended. */
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Probes the way the server binds: every interface. */
const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(port, () => probe.close(() => resolve(true)));
  });

/** Ports the server takes: the portal, the local console and the three demo sites. */
const PORT_COUNT = 5;

/** A free port followed by enough free ones for the console and the demo sites. */
export async function freePortRange(): Promise<number> {
  attempts: for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 40_000);
    for (let offset = 0; offset < PORT_COUNT; offset++) if (!(await canListen(port + offset))) continue attempts;
    return port;
  }
  throw new Error(`no ${PORT_COUNT} consecutive free ports`);
}

/**
 * What `server` prints, collected; `lineMatching` resolves with the first line that
 * matches once it is printed, and rejects with all that was printed if none is
 * within `timeoutMs` or the process ends first.
 */
function printedBy(server: ChildProcess) {
  let output = '';
  const printed = new EventTarget();
  const collect = (data: Buffer) => {
    output += data;
    printed.dispatchEvent(new Event('data'));
  };
  server.stdout?.on('data', collect);
  server.stderr?.on('data', collect);
  const lineMatching = (pattern: RegExp, timeoutMs: number) =>
    new Promise<string>((resolve, reject) => {
      const stop = () => {
        clearTimeout(timer);
        printed.removeEventListener('data', check);
        server.off('exit', exited);
      };
      const check = () => {
        const line = output.split('\n').find((text) => pattern.test(text));
        if (line === undefined) return;
        stop();
        resolve(line);
      };
      const exited = (code: number | null) => {
        stop();
        reject(new Error(`server exited with ${code} before a line matching ${pattern}:\n${output}`));
      };
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms:\n${output}`));
      }, timeoutMs);
      printed.addEventListener('data', check);
      server.once('exit', exited);
      check();
    });
  return { output: () => output, lineMatching };
}

/**
 * Settings that replace the environment's servers: `local` refuses them, and the
 * global setup names the shared portal's console `CONSOLE_URL` in this process.
 */
const SERVER_SETTINGS = ['ACCOUNT_SERVER_URL', 'CONSOLE_URL', 'PORTAL_API_URL', 'KERNEL_API_URL', 'BRAND_API_URL'];

const inheritedEnv = () =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => !SERVER_SETTINGS.includes(name)));

/**
 * Starts the real server (`local`, as `npm start` runs it) with its own data
 * folder, and waits until the portal, the local console and the demo sites listen.
 */
export async function startPortalProcess(
  attempts = 3,
  options: {
    dataDir?: string;
    keepData?: boolean;
    env?: Record<string, string>;
    /** The line that says the server is up (default: the last of `local`, the demo sites'). */
    ready?: RegExp;
    /** The portal's port (the next four are the console's and the demo sites'): a restart behind a proxy keeps its address. Default: free ones. */
    port?: number;
    /** The folder it runs in (default this one): a copy of the tree, as a production install. */
    cwd?: string;
    /** The process's file-descriptor limit (soft and hard, set with prlimit): a small machine's. Default: this one's. */
    fileLimit?: number;
  } = {},
): Promise<PortalProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  // A restart reuses a data folder: the first server keeps it, the second removes it.
  const removeData = () => options.keepData || rmSync(dataDir, { recursive: true, force: true });
  const port = options.port ?? (await freePortRange());
  const [command, args] = options.fileLimit
    ? ['prlimit', [`--nofile=${options.fileLimit}:${options.fileLimit}`, process.execPath, ...serverArgs()]]
    : [process.execPath, serverArgs()];
  const server = spawn(command, args, {
    cwd: options.cwd,
    env: {
      ...inheritedEnv(),
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PORTAL_ENV: 'local',
      // Every visitor of the tests comes from one address: the per-address limits
      // are tested on their own (from many 127.0.0.x addresses), not by every suite.
      CHAT_CONVERSATIONS_PER_ADDRESS: '1000',
      CHAT_VISITORS_PER_ADDRESS: '10000',
      RENDER_LIMIT_PER_ADDRESS: '100000',
      NOT_FOUND_LIMIT_PER_ADDRESS: '100000',
      // The studio's administrator (e2e/studio.spec.ts makes the first one through the setup link instead).
      STUDIO_ADMIN_PASSWORD: STUDIO_ADMIN.password,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const printed = printedBy(server);
  try {
    await printed.lineMatching(options.ready ?? /Demo sites listening/, STARTUP_TIMEOUT_MS);
  } catch (error) {
    server.kill('SIGTERM');
    removeData();
    // Another process may take a probed port before the server does: try other ports.
    if (attempts > 1 && options.port === undefined && /EADDRINUSE/.test(String(error)))
      return startPortalProcess(attempts - 1, options);
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    consoleUrl: `http://127.0.0.1:${port + 1}`,
    dataDir,
    pid: server.pid as number,
    demoUrls: {
      console: `http://127.0.0.1:${port + 2}`,
      partner: `http://127.0.0.1:${port + 3}`,
      gallery: `http://127.0.0.1:${port + 4}`,
    },
    output: printed.output,
    logLine: (pattern, timeoutMs = 10_000) => printed.lineMatching(pattern, timeoutMs),
    async stop() {
      if (server.exitCode === null && server.signalCode === null) {
        server.kill('SIGTERM');
        await new Promise((resolve) => server.once('exit', resolve));
      }
      removeData();
    },
    async kill(signal = 'SIGKILL') {
      if (server.exitCode !== null || server.signalCode !== null) return server.exitCode;
      const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
      server.kill(signal);
      return exited;
    },
  };
}

/**
 * Starts the real server with these settings when it is expected not to start:
 * its exit code, the messages it logged (`output`) and its lines as printed
 * (`printed`); stopped at once if it does start after all.
 */
export function failedStart(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string; printed: string }> {
  const server = spawn(process.execPath, serverArgs(), {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const printed = printedBy(server);
  printed.lineMatching(/listening/, STARTUP_TIMEOUT_MS).then(
    () => server.kill('SIGTERM'),
    () => {}, // it ended, as expected
  );
  // Once its output is all read ('close' comes after the pipes are drained).
  return new Promise((resolve) =>
    server.on('close', (code) => resolve({ code, output: logMessages(printed.output()), printed: printed.output() })),
  );
}
