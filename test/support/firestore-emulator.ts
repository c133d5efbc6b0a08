import { FirestoreServer } from '@firestore-emulator/server';
import { freePort } from '../../shared/backend/net.js';

export interface FirestoreEmulator {
  /** host:port, also put in FIRESTORE_EMULATOR_HOST for firebase-admin. */
  host: string;
  /** Which emulator answers: the official one named by FIRESTORE_EMULATOR_HOST, or the npm one started here. */
  kind: 'official' | 'npm';
  stop(): Promise<void>;
}

/**
 * The Firestore emulator the tests use: the official one when FIRESTORE_EMULATOR_HOST is already set,
 * otherwise `@firestore-emulator/server` (patched, see vendor/patches/README.md) in this process.
 */
export async function startFirestoreEmulator(): Promise<FirestoreEmulator> {
  const official = process.env.FIRESTORE_EMULATOR_HOST;
  if (official) return { host: official, kind: 'official', stop: async () => {} };
  const port = await freePort();
  const server = new FirestoreServer();
  await server.start(port);
  const host = `127.0.0.1:${port}`;
  process.env.FIRESTORE_EMULATOR_HOST = host;
  return {
    host,
    kind: 'npm',
    stop: async () => {
      server.stop();
      delete process.env.FIRESTORE_EMULATOR_HOST;
    },
  };
}

/**
 * An npm emulator of the test's own, which the test may stop to make calls fail; the store is opened
 * against it by pointing FIRESTORE_EMULATOR_HOST at it only while opening.
 */
export async function startPrivateFirestoreEmulator() {
  const port = await freePort();
  const server = new FirestoreServer();
  await server.start(port);
  const host = `127.0.0.1:${port}`;
  return {
    host,
    stop: () => server.stop(),
    withHost<T>(open: () => T): T {
      const previous = process.env.FIRESTORE_EMULATOR_HOST;
      process.env.FIRESTORE_EMULATOR_HOST = host;
      try {
        return open();
      } finally {
        if (previous === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
        else process.env.FIRESTORE_EMULATOR_HOST = previous;
      }
    },
  };
}

let projects = 0;

/** A project id no other test uses: each is a separate, empty database in either emulator. */
export function freshProjectId(label = 'test'): string {
  return `demo-${label}-${process.pid}-${Date.now().toString(36)}-${++projects}`;
}
