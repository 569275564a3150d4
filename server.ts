import type { AddressInfo } from 'node:net';
import { createApp } from './host/app';
import { configFromEnv } from './host/config';

const config = configFromEnv();
const app = createApp(config);

const server = app.listen(config.port, () => {
  const { port } = server.address() as AddressInfo;
  console.log(`Portal (${config.env}) listening on http://localhost:${port}/`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
