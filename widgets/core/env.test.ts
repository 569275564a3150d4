import { expect } from 'chai';
import { ENV_KEY, environment, localEnvironment, setEnvironment } from './env';

describe('environment', () => {
  it('local: every service on the portal origin, the console on the next port', () => {
    expect(localEnvironment('http://localhost:3000')).to.deep.equal({
      name: 'local',
      appId: '9090',
      brand: 'zzy',
      accountServer: 'http://localhost:3000',
      console: 'http://localhost:3001',
      api: { portal: 'http://localhost:3000', kernel: 'http://localhost:3000', brand: 'http://localhost:3000' },
    });
    expect(localEnvironment('https://portal.example').console).to.equal('https://portal.example:444');
  });

  it('takes what the server announced with portal.js, over the local defaults', async () => {
    const announced = { name: 'prod', accountServer: 'https://guc.example' };
    (window as unknown as Record<symbol, unknown>)[ENV_KEY] = announced;
    // A fresh copy of the module reads the announcement, as a new page would.
    const fresh = await import(`./env.ts?announced=${Date.now()}`);
    const env = fresh.environment();
    expect(env.name).to.equal('prod');
    expect(env.accountServer).to.equal('https://guc.example');
    expect(env.appId).to.equal('9090');
    delete (window as unknown as Record<symbol, unknown>)[ENV_KEY];
  });

  it('takes <meta name="portal-env">, a name or the servers as JSON, over what portal.js announced', () => {
    (window as unknown as Record<symbol, unknown>)[ENV_KEY] = { name: 'prod', console: 'https://console.example' };
    const meta = Object.assign(document.createElement('meta'), { name: 'portal-env', content: 'demo' });
    document.head.append(meta);
    try {
      expect(environment()).to.include({ name: 'demo', console: 'https://console.example' });
      meta.content = '{"name":"test","console":"https://console.test.example"}';
      expect(environment()).to.include({ name: 'test', console: 'https://console.test.example' });
    } finally {
      meta.remove();
      delete (window as unknown as Record<symbol, unknown>)[ENV_KEY];
    }
    expect(environment().name).to.equal('local');
  });

  it('can be set by hand', () => {
    const env = { ...localEnvironment('http://localhost:9000'), name: 'test' as const };
    setEnvironment(env);
    expect(environment()).to.equal(env);
  });
});
