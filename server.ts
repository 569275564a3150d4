import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEmbeddedBackend } from './host/api';
import { PORTAL_APP_ID } from './host/api/accounts/apps';
import { createApp } from './host/app';
import { configFromEnv } from './host/config';
import { createConsoleApp } from './host/console/app';

const config = configFromEnv();
const backend =
  config.env === 'local' ? createEmbeddedBackend({ dataDir: config.dataDir, chat: config.chat }) : undefined;
const app = createApp({ ...config, backend });

/** The same host reached by name or by address is two origins; register both. */
const originsOf = (port: number) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
const portOf = (server: Server) => (server.address() as AddressInfo).port;
const servers: Server[] = [];

const portal = app.listen(config.port, (error?: Error) => {
  if (error) {
    console.error(`The portal could not listen on port ${config.port}: ${error.message}`);
    process.exit(1);
  }
  const port = portOf(portal);
  console.log(`Portal (${config.env}) listening on http://localhost:${port}/`);
  if (!backend) return;
  if (config.chat.provider === 'builtin' && config.chat.agentPassword)
    console.log(
      `Chat agent inbox on http://localhost:${port}/chat/agent` +
        (process.env.CHAT_AGENT_PASSWORD ? '' : ` (password ${config.chat.agentPassword})`),
    );
  // The portal and the local console (next port) may receive users back from sign-in.
  backend.apps.register(PORTAL_APP_ID, [...originsOf(port), ...originsOf(port + 1)]);
  const console_ = createConsoleApp({ backend, portalPort: () => port, logLevel: config.logLevel });
  const consoleServer = console_.listen(port + 1, (error?: Error) => {
    if (error) console.error(`The local console could not listen on port ${port + 1}: ${error.message}`);
    else console.log(`Local console listening on http://localhost:${port + 1}/welcome`);
  });
  servers.push(consoleServer);
});
servers.push(portal);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const server of servers) server.close();
    backend?.close();
    process.exit(0);
  });
}
