/**
 * A throw-away PostgreSQL cluster in a temporary folder, for tests and trials
 * of the PostgreSQL work: `startPostgres()` makes one (initdb), starts it on a
 * free loopback port and gives its address; `stop()` stops it and removes the
 * folder. It installs nothing: it uses Debian's `postgresql` package
 * (`apt-get install -y postgresql`). Run alone, it starts one, prints
 * `DATABASE_URL=...` and stops it on Ctrl-C.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

export interface Postgres {
  /** `postgres://postgres@127.0.0.1:PORT/postgres` */
  url: string;
  port: number;
  /** The temporary folder: the cluster (`data/`), its socket and its log. */
  dir: string;
  /**
   * Stops the server, keeping its data: `immediate` as a crash or failover does
   * (connections cut, recovery at the next start), `fast` as a planned restart.
   */
  halt(mode: 'immediate' | 'fast'): void;
  /** Starts it again on the same port after `halt`; resolves once it takes connections. */
  resume(): void;
  stop(): void;
}

const DEBIAN_BIN = '/usr/lib/postgresql';

/** The newest installed server's programs (PG_BIN overrides), or undefined when there is none. */
export function postgresBin(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  if (!existsSync(DEBIAN_BIN)) return undefined;
  const versions = readdirSync(DEBIAN_BIN)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(DEBIAN_BIN, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && join(DEBIAN_BIN, versions[0], 'bin');
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
  });

export async function startPostgres(): Promise<Postgres> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed: apt-get update && apt-get install -y postgresql');
  const dir = mkdtempSync(join(tmpdir(), 'portal-pg-'));
  const data = join(dir, 'data');
  // initdb refuses to run as root: then the cluster belongs to the package's `postgres` user.
  const asRoot = userInfo().uid === 0;
  const owner = asRoot ? postgresUser() : undefined;
  if (owner) chownSync(dir, ...owner);
  const run = (program: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : join(bin, program),
      asRoot ? ['-u', 'postgres', '--', join(bin, program), ...args] : args,
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        cwd: dir,
      },
    );
  const stop = () => {
    try {
      if (existsSync(join(data, 'postmaster.pid'))) run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    mkdirSync(data, { mode: 0o700 });
    if (owner) chownSync(data, ...owner);
    run('initdb', ['-D', data, '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '-U', 'postgres']);
    const port = await freePort();
    const start = () =>
      run('pg_ctl', [
        '-D',
        data,
        '-l',
        join(dir, 'postgres.log'),
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
        '-w',
        'start',
      ]);
    start();
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      port,
      dir,
      halt: (mode) => run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']),
      resume: start,
      stop,
    };
  } catch (error) {
    stop();
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(`PostgreSQL did not start${stderr ? `: ${stderr}` : ''}`, { cause: error });
  }
}

/** The package's `postgres` user and group ids. */
function postgresUser(): [number, number] {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return [id('-u'), id('-g')];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const postgres = await startPostgres();
  console.log(`DATABASE_URL=${postgres.url}`);
  console.log('PostgreSQL runs in a temporary folder until Ctrl-C; then it is stopped and removed.');
  // Nothing else keeps this process alive while the cluster runs.
  const alive = setInterval(() => {}, 2 ** 30);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      clearInterval(alive);
      postgres.stop();
      process.exit(0);
    });
}
