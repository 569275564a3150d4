import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEmbeddedBackend } from './backend';
import { PORTAL_APP_ID } from './backend/accounts/apps';
import { createConsoleApp } from './backend/console/app';
import { DatabaseUrlError, DataFolderError, describeDatabaseUrl } from './backend/db/connection';
import { createDemoApp, DEMO_SITES } from './demo/servers';
import { createApp } from './host/app';
import { describeRelease, type Release, readCommandLine } from './host/command-line';
import { configFromEnv, LOCAL_AGENT_PASSWORD } from './host/config';
import { createLogger, createStartLog } from './host/logger';
import { mediaUrl } from './host/media';
import { metricsServer, portalMetrics } from './host/metrics';
import { serviceFront } from './host/security';
import { stopGracefully } from './host/shutdown';
import { readWidgetBuild } from './host/widget-build';
import packageJson from './package.json' with { type: 'json' };

/** Compiled in by the production build (build/server-build.ts); absent when run from source. */
declare const PORTAL_BUILD: Release | undefined;
const release: Release =
  typeof PORTAL_BUILD === 'undefined' ? { version: packageJson.version, commit: null } : PORTAL_BUILD;

// `--version`, `--help`, or a mistake: answered before any setting is read or any folder touched.
const commandLine = readCommandLine(process.argv.slice(2), release);
if (!commandLine.run) {
  (commandLine.code ? console.error : console.log)(commandLine.output);
  process.exit(commandLine.code);
}

const config = readConfig();
/** Start and stop lines, JSON like the request log (see createStartLog). */
const log = createStartLog(config.logLevel);

/** The settings; a malformed one ends the start with the one line that names it. */
function readConfig() {
  try {
    return configFromEnv();
  } catch (error) {
    createStartLog().error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
/** The same host reached by name or by address is two origins; register both. */
const originsOf = (port: number) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
/** The demo sites on the ports after the portal's (a chosen port: 0 would pick others), when they run (DEMO_SITES). */
const demoOrigins =
  config.port && config.demoSites ? DEMO_SITES.flatMap((site) => originsOf(config.port + site.offset)) : [];

/** The widgets' build, read once for the portal and the demo sites. */
const build = readWidgetBuild(config.widgetsDir, release.version);
if (!build.scripts['portal.js']) {
  // Every page would go out without its elements, and nothing would say why. Checked
  // before the data folder is opened: a start that cannot serve pages touches nothing.
  log.error(`WIDGETS_DIR: ${config.widgetsDir} holds no widget build (portal.js); build it with npm run build`);
  process.exit(1);
}

const backend = config.env === 'local' ? await startBackend() : undefined;

/** The embedded back-end; a data folder or database it cannot use ends the start with one line saying why. */
async function startBackend() {
  try {
    return await createEmbeddedBackend({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      log: createLogger(config.logLevel),
      mediaUrl,
      sessionSecret: config.sessionSecret,
      showDemoAccounts: config.showDemoAccounts,
      signInAttemptsPerAddress: config.signInFailuresPerAddress,
      studioAdmin: config.studioAdmin,
      media: config.media,
      // The partner demo and the gallery use the chat like a partner site would.
      chat: { ...config.chat, partnerOrigins: [...config.chat.partnerOrigins, ...demoOrigins] },
    });
  } catch (error) {
    if (error instanceof DatabaseUrlError) log.error(error.message);
    else if (error instanceof DataFolderError) log.error(error.message);
    else throw error;
    process.exit(1);
  }
}
/** Set by SIGTERM/SIGINT: `/readyz` says 503 at once, so balancers send no one new. */
let stopping = false;
const metrics =
  config.metricsPort === undefined
    ? undefined
    : portalMetrics({
        openChatStreams: () => backend?.chatStreams.size ?? 0,
        refusedChatStreams: () => backend?.chatStreams.refused,
      });
const app = createApp({
  ...config,
  build,
  backend,
  metrics,
  readiness: async () => {
    const { cause, ...database } = (await backend?.health()) ?? {};
    return {
      checks: { accepting: !stopping, ...database },
      cause: stopping ? 'accepting: the server is stopping' : cause,
    };
  },
});
const portOf = (server: Server) => (server.address() as AddressInfo).port;
const servers: Server[] = [];

// The portal's own listener: its fast lane (kept pages, script entries, probes, refusals) before Express.
const portal = createServer(app.listener);
let listened = false;
portal.once('error', (error) => listening(error));
portal.listen(config.port, () => listening());

function listening(error?: Error) {
  if (listened) return;
  listened = true;
  if (error) {
    log.error(`The portal could not listen on port ${config.port}: ${error.message}`);
    process.exit(1);
  }
  const port = portOf(portal);
  if (backend)
    // A data folder lost between two starts would otherwise go unseen: the operator is told which one this is.
    log.info(
      config.databaseUrl
        ? `Database ${describeDatabaseUrl(config.databaseUrl)}: ${backend.seededAfresh ? 'it was empty, its tables were made and filled from the seed' : 'its data opened'}`
        : backend.seededAfresh
          ? `Data folder ${config.dataDir}: no database was there, a new one was made from the seed`
          : `Data folder ${config.dataDir}: its database opened`,
    );
  if (backend) log.info(`Uploaded images (the studio's media library) are kept in ${backend.media.storage.where}`);
  log.info(`Portal (${config.env}) listening on http://localhost:${port}/: ${describeRelease(release)}`);
  if (config.pageCache === 'off') log.info('Page cache off (PAGE_CACHE=off): every page is rendered for its request');
  if (!backend || stopping) return;
  if (config.chat.provider === 'builtin' && config.chat.agentPassword)
    log.info(
      `Chat agent inbox on http://localhost:${port}/chat/agent` +
        // The built-in password of `local` is told; any other (CHAT_AGENT_PASSWORD) is not.
        (config.chat.agentPassword === LOCAL_AGENT_PASSWORD ? ` (password ${config.chat.agentPassword})` : ''),
    );
  log.info(
    backend.studioSetupCode
      ? // Whoever reads the start log may make the first administrator: the code is good once, for a day.
        `Studio on http://localhost:${port}/studio has no administrator yet: open http://localhost:${port}/studio/setup?code=${backend.studioSetupCode} to make the first one (the link works once, for 24 hours)`
      : `Studio on http://localhost:${port}/studio`,
  );
  // The portal and the local console (next port) may receive users back from sign-in.
  backend.apps.register(PORTAL_APP_ID, [...originsOf(port), ...originsOf(port + 1)]);
  // So may the demo sites on the ports after them, when they run: pages on other origins that embed the widgets.
  if (config.demoSites)
    backend.apps.register(
      PORTAL_APP_ID,
      DEMO_SITES.flatMap((site) => originsOf(port + site.offset)),
    );
  // And the origins the operator registers (ACCOUNT_ORIGINS): a console or a dev server anywhere.
  backend.apps.register(PORTAL_APP_ID, config.accountOrigins);
  // Behind a proxy the site's own address is the public one: a visitor signs in there with no extra setting.
  if (config.publicOrigin) backend.apps.register(PORTAL_APP_ID, [config.publicOrigin]);
  const console_ = createConsoleApp({
    backend,
    portalPort: () => port,
    front: serviceFront(createLogger(config.logLevel), { https: config.publicOrigin?.startsWith('https:') }),
  });
  if (config.trustProxy !== undefined) console_.set('trust proxy', config.trustProxy);
  const consoleServer = console_.listen(port + 1, (error?: Error) => {
    if (error) log.error(`The local console could not listen on port ${port + 1}: ${error.message}`);
    else log.info(`Local console listening on http://localhost:${port + 1}/welcome`);
    startDemos(port);
  });
  servers.push(consoleServer);
}
// A client that sends its request a few bytes at a time holds a connection: it has
// 10 s for its headers and 30 s for the whole request (Node's defaults: 60 s and 5 min).
// Bodies here are small; answers (chat streams too) are not bound by these.
portal.headersTimeout = 10_000;
portal.requestTimeout = 30_000;
// An idle kept connection is closed by the proxy (nginx: 60 s), never by us first: a request a
// proxy or client sent on it just as we closed it would fail (a POST answered 502 by nginx).
portal.keepAliveTimeout = 65_000;
servers.push(portal);

/** The demo sites, one after another; the last line printed says all are up (or that they are off). */
function startDemos(port: number, index = 0) {
  const site = DEMO_SITES[index];
  if (stopping) return;
  if (!config.demoSites) return void log.info('Demo sites off (DEMO_SITES=false): nothing else listens');
  if (!site) return void log.info('Demo sites listening');
  const app = createDemoApp(site.name, { portalPort: port, build, logLevel: config.logLevel });
  const server = app.listen(port + site.offset, (error?: Error) => {
    // A demo that cannot listen is said and skipped: the portal itself goes on.
    if (error) log.error(`${site.label} could not listen on port ${port + site.offset}: ${error.message}`);
    else log.info(`${site.label} listening on http://localhost:${port + site.offset}/`);
    startDemos(port, index + 1);
  });
  servers.push(server);
}

/** Prometheus's listener, on its own port only: the public port has no `/metrics`. */
if (metrics && config.metricsPort !== undefined) {
  const listener = metricsServer(metrics.registry);
  listener.once('error', (error) => {
    log.error(`The metrics could not listen on port ${config.metricsPort}: ${error.message}`);
    process.exit(1);
  });
  listener.listen(config.metricsPort, () =>
    log.info(`Metrics listening on http://localhost:${portOf(listener)}/metrics`),
  );
}

/**
 * A stop asked for (an orchestrator's SIGTERM, Ctrl-C): not ready at once, no
 * new connections, chat streams told to reconnect elsewhere, requests in flight
 * finished within SHUTDOWN_GRACE_MS; then the database closes. A second signal
 * cuts what is left.
 */
let stop: ReturnType<typeof stopGracefully> | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stop) return stop.hurry();
    stopping = true;
    log.info(`Stopping (${signal}): no new connections, requests in flight have ${config.shutdownGraceMs} ms`);
    stop = stopGracefully({
      servers: () => servers,
      graceMs: config.shutdownGraceMs,
      endStreams: () => backend?.chatStreams.endAll(),
      log: (line) => log.info(line),
    });
    void stop.closed.then(async () => {
      await backend?.close();
      log.info('Stopped');
      process.exit(0);
    });
  });
}
