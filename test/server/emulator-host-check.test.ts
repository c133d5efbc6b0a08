import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.js';
import { type RunningServer, startServer } from '../../server/start-server.js';
import { isLoopbackHost } from '../../shared/domain/loopback-host.js';
import { rawExchange, statusOf } from '../support/raw-http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let server: RunningServer;
beforeAll(async () => {
  t = createTestApp();
  server = await startServer({ ...t.deps, config: { ...t.config, port: 0 } });
});
afterAll(async () => {
  await server.close();
  await t.close();
});

const get = (path: string, host: string) => t.app.request(path, { headers: { host } });

describe('in Auth emulator mode only loopback Host names are served (DNS rebinding)', () => {
  it('answers 421 misdirected to a request for the API, the apps or images under any other Host', async () => {
    for (const path of ['/api/health', '/api/admin/products', '/', '/store', '/admin/', '/images/x.png']) {
      for (const host of ['rebind.evil.example', 'rebind.evil.example:3000', '10.0.0.7:3000', '[::2]:3000']) {
        const response = await get(path, host);
        expect(response.status, `${path} with Host ${host}`).toBe(421);
        expect(await response.json()).toEqual({
          error: { code: 'misdirected', message: expect.stringContaining('localhost') },
        });
      }
    }
  });

  it('refuses names that only look like loopback', async () => {
    for (const host of [
      'localhost.evil.example',
      '127.0.0.1.evil.example',
      'evil-localhost',
      '127.0.0.256',
      '0x7f.0.0.1',
      '2130706433',
      '',
    ]) {
      expect((await get('/api/health', host)).status, `Host ${host}`).toBe(421);
    }
  });

  it('serves localhost, *.localhost, 127.0.0.0/8 and [::1], with or without a port', async () => {
    for (const host of [
      'localhost',
      'LOCALHOST:3000',
      'shop.localhost:3000',
      '127.0.0.1:3000',
      '127.8.9.10',
      '[::1]:3000',
      '[::1]',
    ]) {
      expect((await get('/api/health', host)).status, `Host ${host}`).toBe(200);
    }
    expect(isLoopbackHost('localhost.')).toBe(true);
  });

  it('serves any Host with real Firebase Auth, whose tokens are signed', async () => {
    const app = createApp({ ...t.deps, config: { ...t.config, authEmulatorHost: null } });
    const response = await app.request('/api/health', { headers: { host: 'shop.example.com' } });
    expect(response.status).toBe(200);
  });

  it('refuses a rebound name over a real socket, and an absolute request target naming another host', async () => {
    const ask = (target: string, host: string) =>
      rawExchange(server.port, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    const rebound = await ask('/api/health', `rebind.evil.example:${server.port}`);
    expect(statusOf(rebound)).toBe(421);
    expect(rebound).toContain('"code":"misdirected"');
    expect(statusOf(await ask('/', `rebind.evil.example:${server.port}`))).toBe(421);
    expect(statusOf(await ask('http://rebind.evil.example/api/health', `127.0.0.1:${server.port}`))).toBe(
      421,
    );
    expect(statusOf(await ask('/api/health', `127.0.0.1:${server.port}`))).toBe(200);
    expect(statusOf(await ask('/api/health', `localhost:${server.port}`))).toBe(200);
  });
});
