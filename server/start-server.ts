import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { ShopConfig } from '../shared/backend/config.js';
import { isLoopbackHost } from '../shared/domain/loopback-host.js';
import { createApp } from './app.js';
import type { AppDeps } from './deps.js';

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** @internal */
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

/** How long a client may take, in milliseconds, before the server closes its connection. */
export interface ServerTimeouts {
  /** From the first byte of a request to the end of its headers (a slowloris never gets there). */
  headersMs: number;
  /** From the first byte of a request to the end of its body: an image upload must fit in it. */
  requestMs: number;
  /** An idle kept-alive connection between requests. */
  keepAliveMs: number;
}

/** 60 s lets a 5 MB image upload through a 1 Mbit/s uplink. */
const DEFAULT_SERVER_TIMEOUTS: ServerTimeouts = {
  headersMs: 10_000,
  requestMs: 60_000,
  keepAliveMs: 5_000,
};

export async function startServer(
  deps: AppDeps,
  timeouts: ServerTimeouts = DEFAULT_SERVER_TIMEOUTS,
): Promise<RunningServer> {
  assertSafeToListen(deps.config);
  const app = createApp(deps);
  return new Promise((resolve, reject) => {
    const server = serve(
      {
        fetch: app.fetch,
        hostname: deps.config.host,
        port: deps.config.port,
        serverOptions: {
          headersTimeout: timeouts.headersMs,
          requestTimeout: timeouts.requestMs,
          keepAliveTimeout: timeouts.keepAliveMs,
          // Node looks for expired requests only this often (30 s by default), whatever the limits say.
          connectionsCheckingInterval: Math.min(1_000, timeouts.headersMs / 2),
        },
      },
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
