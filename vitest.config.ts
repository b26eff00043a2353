import { configDefaults, defineConfig } from 'vitest/config';
import LongestFirst from './tests/support/sequencer.js';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    // The fault tests kill servers and stop databases: they run apart, as `npm run test:faults`.
    exclude: [...configDefaults.exclude, 'tests/faults/**'],
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A browser under a loaded 2-core machine (CI runs every suite at once) can take seconds to render
    // what it shows at once when idle: a poll waits for it up to 10 s (1 s by default) rather than failing.
    expect: { poll: { timeout: 10_000 } },
    // Each PGlite instance costs ~0.5-1 GB and a CPU core at start; two workers fit the 2-core machines.
    maxWorkers: 2,
    pool: 'forks',
    // The longest files first, so neither worker is left with a long browser file at the end.
    sequence: { sequencer: LongestFirst },
  },
});
