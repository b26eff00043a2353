/**
 * The K-1 consent module's public face (docs/architecture.md, "Modules"): whether an investor's consent to
 * electronic K-1s stands, which tells the K-1 status whether a member's K-1 must also go on paper.
 */
export { consentStands } from './k1-consent.service.js';
export { consentsOf } from './k1-consent.repository.js';
