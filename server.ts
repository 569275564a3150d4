import type { AddressInfo } from 'node:net';
import { createEmbeddedBackend } from './host/api';
import { PORTAL_APP_ID } from './host/api/accounts/apps';
import { createApp } from './host/app';
import { configFromEnv } from './host/config';

const config = configFromEnv();
const backend = config.env === 'local' ? createEmbeddedBackend({ dataDir: config.dataDir }) : undefined;
const app = createApp({ ...config, backend });

/** The same host reached by name or by address is two origins; register both. */
const originsOf = (port: number) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`];

const server = app.listen(config.port, () => {
  const { port } = server.address() as AddressInfo;
  // The portal and the local console (next port) may receive users back from sign-in.
  backend?.apps.register(PORTAL_APP_ID, [...originsOf(port), ...originsOf(port + 1)]);
  console.log(`Portal (${config.env}) listening on http://localhost:${port}/`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () =>
    server.close(() => {
      backend?.close();
      process.exit(0);
    }),
  );
}
