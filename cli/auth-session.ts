import { AuthService } from '../shared/backend/auth/auth-service.js';
import { acquireAuthEmulator } from '../shared/backend/auth/emulator-lease.js';
import { closeFirebaseApps } from '../shared/backend/auth/firebase-app.js';
import { firebaseProjectId, loadConfig } from '../shared/backend/config.js';
import type { CliIo } from './io.js';
import type { Output } from './output.js';

/** What openAuth needs of the command's context (cli/context.ts, which loads this file when a command needs Auth). */
interface AuthHost {
  dataDir: string;
  io: Pick<CliIo, 'env' | 'cwd'>;
  out: Pick<Output, 'info' | 'warn'>;
  onClose(cleanup: () => Promise<void>): void;
}

/**
 * firebase-admin Auth for a command: the emulator named by FIREBASE_AUTH_EMULATOR_HOST, real Firebase
 * Auth when configured, or else the data folder's own emulator — borrowed from a running `npm start`,
 * or started for this command and stopped (exporting the accounts) when it ends.
 */
export async function openAuth(ctx: AuthHost): Promise<{ service: AuthService; persist(): Promise<void> }> {
  const env: NodeJS.ProcessEnv = { ...ctx.io.env, SHOP_DATA_DIR: ctx.dataDir };
  if (env.FIREBASE_AUTH_EMULATOR_HOST || env.SHOP_FIREBASE_API_KEY) {
    ctx.onClose(closeFirebaseApps);
    return { service: AuthService.fromConfig(loadConfig(env, ctx.io.cwd)), persist: async () => {} };
  }
  const lease = await acquireAuthEmulator({
    dataDir: ctx.dataDir,
    projectId: firebaseProjectId(env, { authEmulator: true }),
    shared: false,
    onSaveProblem: (line) => ctx.out.warn(line),
    onStart: () => ctx.out.info('Starting the Firebase Auth emulator for this data folder (about 10 s)…'),
    onWait: (holder) =>
      ctx.out.info(`Waiting for process ${holder.pid}, which is using this data folder’s Auth emulator…`),
  });
  ctx.onClose(async () => {
    await closeFirebaseApps();
    await lease.release();
  });
  const config = loadConfig({ ...env, FIREBASE_AUTH_EMULATOR_HOST: lease.host }, ctx.io.cwd);
  return { service: AuthService.fromConfig(config), persist: () => lease.exportData() };
}
