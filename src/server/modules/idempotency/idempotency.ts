/**
 * The idempotency module's public face: what other modules may use of it (docs/architecture.md, "Modules").
 * Every money write runs once per Idempotency-Key, inside the runner's transaction.
 */
export { createIdempotentRunner, type RunOnce } from './idempotency.service.js';
