import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { isLoopbackHost, type ShopConfig } from '../shared/backend/config.js';
import { createApp } from './app.js';
import type { AppDeps } from './deps.js';

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export class UnsafeListenError extends Error {
  override name = 'UnsafeListenError';
}

/**
 * Emulator ID tokens carry no signature, so anyone who can reach the server could forge an admin.
 * In emulator mode the server therefore only listens on loopback.
 */
export function assertSafeToListen(config: Pick<ShopConfig, 'host' | 'authEmulatorHost'>): void {
  if (config.authEmulatorHost && !isLoopbackHost(config.host)) {
    throw new UnsafeListenError(
      `Refusing to listen on ${config.host}: in Auth emulator mode ID tokens are unsigned and anyone could forge one. ` +
        'Use HOST=127.0.0.1 (the default), or configure real Firebase Auth (SHOP_FIREBASE_API_KEY, no FIREBASE_AUTH_EMULATOR_HOST) to serve a network.',
    );
  }
}

export async function startServer(deps: AppDeps): Promise<RunningServer> {
  assertSafeToListen(deps.config);
  const app = createApp(deps);
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch: app.fetch, hostname: deps.config.host, port: deps.config.port },
      (info: AddressInfo) => {
        const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
        resolve({
          url: `http://${host}:${info.port}`,
          port: info.port,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => done());
              (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
            }),
        });
      },
    );
    server.once('error', reject);
  });
}
