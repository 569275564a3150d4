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

/** Asks `url` every 5 ms until it answers 200. */
async function firstOk(url: string, deadline: number) {
  while ((await status(url)) !== 200) {
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
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  try {
    const deadline = started + 60_000;
    const healthz = await firstOk(`http://127.0.0.1:${port}/healthz`, deadline);
    const home = await firstOk(`http://127.0.0.1:${port}/`, deadline);
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
  try {
    for (let run = 0; run < runs; run++)
      for (const kind of ['built', 'source'] as const) {
        const dataDir = mkdtempSync(join(scratch, `${kind}-`));
        figures[kind].cold.push(await startOnce(COMMANDS[kind], dataDir));
        figures[kind].warm.push(await startOnce(COMMANDS[kind], dataDir));
      }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return {
    runs,
    built: { cold: medians(figures.built.cold), warm: medians(figures.built.warm) },
    source: { cold: medians(figures.source.cold), warm: medians(figures.source.warm) },
  };
}
