/**
 * nginx in front of the portal's instances, as an ordinary foreground process
 * of ours (Debian's `nginx` package; NGINX_PATH overrides): the configuration
 * is `nginxConfig()`, the one docs/operating.md shows ("nginx in front").
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const nginxPath = () => process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** Chat streams one address may hold open through nginx at once (the instances have limits of their own). */
export const STREAMS_PER_ADDRESS = 100;

/**
 * Round robin over the instances. A request nginx could not get an answer to
 * (connection refused or reset, no answer in time, 502/503/504) goes to the next
 * instance, but only if it is idempotent: a POST already sent is never sent
 * again (`non_idempotent` is left out), since an order or a message may have
 * been stored. Live streams (Server-Sent Events) pass unbuffered, for an hour.
 */
export function nginxConfig(options: { listen: string; instances: readonly string[]; dir: string }): string {
  const { dir } = options;
  return `worker_processes 1;
# Each chat a visitor holds open is two connections here (the visitor's and the
# one to an instance), for as long as the page is open: sized for thousands.
worker_rlimit_nofile 65536;
events { worker_connections 16384; }

http {
  # Which instance answered each request, and what the ones tried before said.
  # The path without its query: sign-in codes and tokens travel in queries and never reach the log.
  log_format upstreams '$remote_addr "$request_method $uri $server_protocol" $status $upstream_addr $upstream_status $request_time';
  access_log ${join(dir, 'access.log')} upstreams;
  # Live streams held open by one address (an office may hold many; a flood may not hold all).
  limit_conn_zone $binary_remote_addr zone=streams_per_address:10m;
  limit_conn_status 429;
  client_body_temp_path ${join(dir, 'tmp', 'body')};
  proxy_temp_path ${join(dir, 'tmp', 'proxy')};
  fastcgi_temp_path ${join(dir, 'tmp', 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'tmp', 'uwsgi')};
  scgi_temp_path ${join(dir, 'tmp', 'scgi')};

  upstream portal {
${options.instances.map((address) => `    server ${address} max_fails=1 fail_timeout=2s;`).join('\n')}
    # Connections kept open to the instances (HTTP/1.1, below), idle at most 60 s: the
    # instances keep theirs 65 s, so nginx never sends a request on one they just closed.
    keepalive 32;
    keepalive_timeout 60s;
  }

  server {
    listen ${options.listen};
    client_max_body_size 1m;

    proxy_http_version 1.1;
    proxy_set_header Connection "";
    # The address visitors used: the portal names its own origin from it (PORTAL_PUBLIC_ORIGIN says the same).
    proxy_set_header Host $http_host;
    # The visitor's address for the per-address limits (TRUST_PROXY=loopback on the instances).
    # Set, not appended: a visitor cannot pick an address by sending the header.
    proxy_set_header X-Forwarded-For $remote_addr;
    proxy_set_header X-Forwarded-Proto $scheme;

    proxy_connect_timeout 2s;
    proxy_next_upstream error timeout http_502 http_503 http_504;
    proxy_next_upstream_tries 2;
    proxy_next_upstream_timeout 10s;

    location / {
      proxy_pass http://portal;
    }

    # Chat live streams: every event at once, and open while the heartbeats (20 s) come.
    location ~ ^/(api/chat/events|chat/agent/api/events)$ {
      limit_conn streams_per_address ${STREAMS_PER_ADDRESS};
      proxy_pass http://portal;
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
    }
  }
}
`;
}

export interface Nginx {
  url: string;
  dir: string;
  /** The access log so far: one line per request, with the instances tried. */
  accessLog(): string;
  stop(): Promise<void>;
}

/** Starts nginx with `nginxConfig()` in `dir`; resolves once it answers `/healthz` through an instance. */
export async function startNginx(options: { port: number; instances: readonly string[]; dir: string }): Promise<Nginx> {
  const { dir, port } = options;
  if (!existsSync(nginxPath()))
    throw new Error(`nginx is not installed at ${nginxPath()}: apt-get install -y nginx (npm test installs it)`);
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(join(dir, 'tmp', sub), { recursive: true, mode: 0o777 });
  const config = join(dir, 'nginx.conf');
  writeFileSync(config, nginxConfig({ listen: `127.0.0.1:${port}`, instances: options.instances, dir }));
  const child: ChildProcess = spawn(
    nginxPath(),
    ['-p', dir, '-c', config, '-e', join(dir, 'error.log'), '-g', `daemon off; pid ${join(dir, 'nginx.pid')};`],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (data) => (output += data));
  child.stderr?.on('data', (data) => (output += data));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${output}`);
    const ok = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer on ${url}: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    dir,
    accessLog: () => (existsSync(join(dir, 'access.log')) ? readFileSync(join(dir, 'access.log'), 'utf8') : ''),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
