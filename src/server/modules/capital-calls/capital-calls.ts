/**
 * The capital-calls module's public face (docs/architecture.md, "Modules"): an investor's calls of a
 * period, for the statement's "Capital calls" section.
 */
export { callsInPeriod as capitalCallsInPeriod } from './capital-calls.repository.js';
