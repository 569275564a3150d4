/**
 * A cluster on one machine: a throw-away PostgreSQL, two portal instances on it
 * (instances that share nothing but the database and SESSION_SECRET) and nginx
 * in front, round robin. `npm run cluster` starts one and prints its address;
 * `startCluster()` does the same for the cluster suite (e2e/cluster.spec.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type PortalProcess, startPortalProcess } from '../e2e/portal-process';
import { type Nginx, startNginx } from './nginx';
import { type Postgres, startPostgres } from './postgres';

export interface ClusterInstance {
  /** `http://127.0.0.1:PORT`, the instance itself (behind nginx). */
  url: string;
  port: number;
  process: PortalProcess;
}

export interface Cluster {
  /** nginx's address: the site as visitors reach it. */
  url: string;
  databaseUrl: string;
  instances: ClusterInstance[];
  nginx: Nginx;
  /** The agent inbox's password on every instance. */
  agentPassword: string;
  /** Ends instance `index` with `signal` (SIGTERM: a graceful stop; SIGKILL: a crash) and waits until it has exited. */
  stopInstance(index: number, signal: NodeJS.Signals): Promise<number | null>;
  /** Starts instance `index` again, on its address; resolves once it is ready. */
  startInstance(index: number): Promise<void>;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = (probe.address() as { port: number }) ?? { port: 0 };
        probe.close(() => resolve(port));
      });
  });

/** Every instance is up once its portal listens; the console and demo sites of `local` follow. */
const READY = /(Demo sites listening)/;

export async function startCluster(
  options: { instances?: number; env?: Record<string, string> } = {},
): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-cluster-'));
  const agentPassword = 'Agent@2026';
  let postgres: Postgres | undefined;
  let nginx: Nginx | undefined;
  const instances: ClusterInstance[] = [];
  const stopAll = async () => {
    await nginx?.stop();
    await Promise.all(instances.map((instance) => instance.process.stop()));
    postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    postgres = await startPostgres();
    const nginxPort = await freePort();
    const publicOrigin = `http://127.0.0.1:${nginxPort}`;
    const env = {
      DATABASE_URL: postgres.url,
      // One secret for all: a cookie or form of one instance is taken by the others.
      SESSION_SECRET: randomBytes(36).toString('base64'),
      // nginx on this machine says who the visitor is, and the site's address is nginx's.
      TRUST_PROXY: 'loopback',
      PORTAL_PUBLIC_ORIGIN: publicOrigin,
      CHAT_AGENT_PASSWORD: agentPassword,
      ...options.env,
    };
    const start = (index: number, port?: number) =>
      startPortalProcess(3, { env, port, dataDir: join(dir, `instance-${index}`), keepData: true, ready: READY });
    // One after another: the first makes the tables, and each takes its own free ports.
    for (let index = 0; index < (options.instances ?? 2); index++) {
      const started = await start(index);
      instances.push({ url: started.url, port: Number(new URL(started.url).port), process: started });
    }
    nginx = await startNginx({
      port: nginxPort,
      instances: instances.map((instance) => `127.0.0.1:${instance.port}`),
      dir: join(dir, 'nginx'),
    });
    const front = nginx;
    return {
      url: front.url,
      databaseUrl: postgres.url,
      instances,
      nginx: front,
      agentPassword,
      stopInstance: (index, signal) => (instances[index] as ClusterInstance).process.kill(signal),
      async startInstance(index) {
        const instance = instances[index] as ClusterInstance;
        instance.process = await start(index, instance.port);
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log('Starting PostgreSQL, two portal instances and nginx...');
  const cluster = await startCluster();
  for (const [index, instance] of cluster.instances.entries())
    console.log(`Instance ${String.fromCharCode(65 + index)}: ${instance.url}/ (behind nginx)`);
  console.log(`DATABASE_URL=${cluster.databaseUrl}`);
  console.log(`Agent inbox: ${cluster.url}/chat/agent (password ${cluster.agentPassword})`);
  console.log(`Cluster listening on ${cluster.url}/ (nginx, round robin); Ctrl-C stops it and removes its data`);
  // Ctrl-C reaches the instances and nginx too (one process group): nothing else may keep this process alive until all is stopped.
  const alive = setInterval(() => {}, 2 ** 30);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      void cluster.stop().then(() => {
        clearInterval(alive);
        process.exit(0);
      });
    });
}
