// A burst of request lines faster than anything can take them (logger.test.ts): says whether the logger dropped some.
import { pino } from 'pino';
import { createLogger } from '../logger';

const logger = createLogger('info');
const destination = (logger as unknown as Record<symbol, NodeJS.EventEmitter>)[pino.symbols.streamSym]!;
let dropped = false;
destination.on('drop', () => {
  dropped = true;
});
const line = 'x'.repeat(1000);
for (let i = 0; i < 40_000; i++) logger.info({ line }, 'request completed');
process.stderr.write(dropped ? 'dropped' : 'kept all');
