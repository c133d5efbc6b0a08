import { defineConfig } from 'vitest/config';

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
          globalSetup: ['test/support/auth-emulator.global.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
