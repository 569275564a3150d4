import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePortRange } from '../e2e/portal-process';
import { median } from './stats';

/**
 * How long a start takes, from the process's creation to the first 200 on
 * `/healthz` and then on `/` (its first render), and the memory it holds then:
 * the production start (`node dist/server.js`) and the start from source it
 * replaced (`node --import tsx server.ts`), each on a fresh data folder (cold:
 * the database made and seeded) and on one used before (warm), one after
 * another in the same minutes.
 */

export const STARTUP_RUNS = 3;

export interface StartupFigures {
  /** Medians of the runs. */
  healthzMs: number;
  homeMs: number;
  /** Resident memory once `/` answered, MiB. */
  rssMiB: number;
}

export interface StartupResult {
  runs: number;
  /** Starts that failed and were made again (each said in a line). */
  retried: string[];
  built: { cold: StartupFigures; warm: StartupFigures };
  source: { cold: StartupFigures; warm: StartupFigures };
}

const COMMANDS = {
  built: ['dist/server.js'],
  source: ['--import', 'tsx', 'server.ts'],
} as const;

const status = (url: string) =>
  new Promise<number>((resolve) => {
    const request = get(url, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', () => resolve(0));
  });

/** Asks `url` every 5 ms until it answers 200; `failure` says why the server cannot (it ended, what it printed). */
async function firstOk(url: string, deadline: number, failure: () => string | undefined) {
  while ((await status(url)) !== 200) {
    const failed = failure();
    if (failed) throw new Error(`${url}: ${failed}`);
    if (performance.now() > deadline) throw new Error(`${url} did not answer 200 within the time allowed`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return performance.now();
}

const rssMiB = (pid: number) => {
  const kib = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kib / 1024;
};

async function startOnce(command: readonly string[], dataDir: string): Promise<StartupFigures> {
  const port = await freePortRange();
  const started = performance.now();
  const server = spawn(process.execPath, command, {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORTAL_ENV: 'local' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const keep = (data: Buffer) => {
    printed = (printed + data).slice(-2000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  let ended: string | undefined;
  const exited = new Promise((resolve) => server.once('exit', resolve)).then((code) => {
    // Its last lines, on one line: the bench's warnings keep one line per failure.
    const last = printed.trim().split('\n').slice(-6).join(' | ');
    ended = `the server ended (${code}) before it answered: ${last || 'it printed nothing'}`;
  });
  try {
    const deadline = started + 60_000;
    const healthz = await firstOk(`http://127.0.0.1:${port}/healthz`, deadline, () => ended);
    const home = await firstOk(`http://127.0.0.1:${port}/`, deadline, () => ended);
    return { healthzMs: healthz - started, homeMs: home - started, rssMiB: rssMiB(server.pid as number) };
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
}

const medians = (runs: StartupFigures[]): StartupFigures => ({
  healthzMs: median(runs.map((run) => run.healthzMs)),
  homeMs: median(runs.map((run) => run.homeMs)),
  rssMiB: median(runs.map((run) => run.rssMiB)),
});

/** Cold and warm starts of both commands, interleaved so drift on a shared machine hits both alike. */
export async function measureStartup(runs = STARTUP_RUNS): Promise<StartupResult> {
  const scratch = mkdtempSync(join(tmpdir(), 'portal-startup-'));
  const figures = { built: { cold: [], warm: [] }, source: { cold: [], warm: [] } } as Record<
    keyof typeof COMMANDS,
    { cold: StartupFigures[]; warm: StartupFigures[] }
  >;
  const retried: string[] = [];
  // A start that fails (a port taken meanwhile, a stray signal) is made once more and said; a second failure ends the row.
  const start = async (kind: keyof typeof COMMANDS, dataDir: string) => {
    try {
      return await startOnce(COMMANDS[kind], dataDir);
    } catch (error) {
      retried.push(`${kind}: ${(error as Error).message}`);
      return startOnce(COMMANDS[kind], dataDir);
    }
  };
  try {
    for (let run = 0; run < runs; run++)
      for (const kind of ['built', 'source'] as const) {
        const dataDir = mkdtempSync(join(scratch, `${kind}-`));
        figures[kind].cold.push(await start(kind, dataDir));
        figures[kind].warm.push(await start(kind, dataDir));
      }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return {
    runs,
    retried,
    built: { cold: medians(figures.built.cold), warm: medians(figures.built.warm) },
    source: { cold: medians(figures.source.cold), warm: medians(figures.source.warm) },
  };
}
