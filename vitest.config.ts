import { defineConfig } from 'vitest/config';

/** Server, CLI and browser tests: a real Auth emulator, started once per run. */
const emulated = { globalSetup: ['test/support/auth-emulator.global.ts'] };

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'fast',
          include: [
            'test/unit/**/*.test.{ts,tsx}',
            'test/contract/**/*.test.ts',
            'test/components/**/*.test.tsx',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/server/**/*.test.ts', 'test/cli/**/*.test.ts', 'test/browser/**/*.test.ts'],
          ...emulated,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Volume and soak tests (hundreds of thousands of rows, kill -9 and restart): `npm run test:slow`,
        // not `npm test`. One file at a time, so that their bounds on response times measure the shop, not
        // each other.
        extends: true,
        test: {
          name: 'slow',
          include: ['test/slow/**/*.test.ts'],
          ...emulated,
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
