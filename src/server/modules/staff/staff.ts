/**
 * The staff module's public face: what other modules may use of it (docs/architecture.md, "Modules").
 * Registration (the auth module) gives a staff or delegate secret's login what the secret grants.
 */
export { grantRegisteredLogin, type RoleSecret, type StaffService } from './staff.service.js';
/** An auditor's LLCs by name: the selectors of their screens offer only these. */
export { grantedLlcNames } from './staff.repository.js';
