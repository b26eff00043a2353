/**
 * The period-lock module's public face: what other modules may use of it (docs/architecture.md, "Modules").
 * Every write to the ledger asks first whether its date is in a closed period.
 */
export { requireOpenPeriod } from './period-lock.service.js';
