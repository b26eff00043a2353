/**
 * How hard the slow property and fuzz tests push. CI runs them at full strength (CI=true, which .ci/run
 * sets; or TEST_STRENGTH=full anywhere); a local `npm test` runs a smaller default, enough to catch a
 * broken rule in seconds instead of minutes. TEST_STRENGTH=quick forces the smaller one even in CI.
 * Each test's own variables (LEDGER_MODEL_RUNS, FUZZ_FULL, …) still win over both.
 */
export const FULL_STRENGTH =
  process.env.TEST_STRENGTH === 'full' || (process.env.TEST_STRENGTH !== 'quick' && /^(1|true)$/i.test(process.env.CI ?? ''));

/** `full` at full strength, else `local`. */
export const atStrength = <T>(full: T, local: T): T => (FULL_STRENGTH ? full : local);
