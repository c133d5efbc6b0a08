import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../../shared/backend/auth/auth-emulator.js';
import { TEST_PROJECT_ID } from './constants.js';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
  }
}

/** One real Firebase Auth emulator for every server, CLI and browser test of the run. */
export default async function setup(project: TestProject) {
  const workDir = mkdtempSync(join(tmpdir(), 'shop-test-auth-'));
  const emulator = await startAuthEmulator({ projectId: TEST_PROJECT_ID, workDir });
  project.provide('authEmulatorHost', emulator.host);
  return async () => {
    await emulator.stop();
    rmSync(workDir, { recursive: true, force: true });
  };
}
