/**
 * The access module's public face: which investor records a login may read beyond its own (its other
 * entities, the pages it reads as a delegate). docs/decisions.md 42.
 */
export { grantedInvestorIds, type AccessNeed } from './access.repository.js';
/** Registration (modules/staff's grantRegisteredLogin) gives a delegate's invitation its new login. */
export { attachDelegateLogin } from './access.repository.js';
