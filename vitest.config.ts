import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// One runner for the whole repository. Server suites use PGlite in memory, or PostgreSQL when
// DATABASE_URL is set (each test file then creates and drops its own database). Either way the
// migrations run once per run, in the server project's global setup, and each file starts from a copy.
// Every project loads vitest.setup.ts (fast-check's fixed seed and run count).
const setupFiles = [fileURLToPath(new URL('./vitest.setup.ts', import.meta.url))];

export default defineConfig({
  test: {
    // Vitest's default for a run is one worker fewer than the cores: on CI's two cores that is one,
    // and the second core would idle through every PGlite file. Two workers keep both busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          setupFiles,
          globalSetup: ['test/support/global-setup.ts'],
          // Bounds for a hung test, not figures of speed: a property or fuzz test that takes 10 s on
          // a quiet machine takes 30 s when the machine is busy with other work.
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/game/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles,
        },
      },
      {
        test: {
          name: 'admin',
          include: ['apps/admin/src/**/*.test.ts'],
          environment: 'node',
          setupFiles,
        },
      },
      {
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles,
        },
      },
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
          setupFiles,
        },
      },
    ],
  },
});
