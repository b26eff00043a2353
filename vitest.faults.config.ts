import { defineConfig } from 'vitest/config';

/**
 * The fault tests (security.md F1, F2, E2; issue 11 item 8): `npm run test:faults`, which `.ci/run`
 * runs after `npm test`. They start the real server in child processes, kill it and stop databases
 * under it, so they run one file at a time, with long limits, apart from the normal suite.
 */
export default defineConfig({
  test: {
    include: ['tests/faults/**/*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
