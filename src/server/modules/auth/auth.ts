/**
 * The auth module's public face: what other modules may use of it (docs/architecture.md, "Modules").
 * Changing a login elsewhere (a reset, a deleted login) hashes its password as sign-in checks it and
 * ends its sessions and its recovery codes.
 */
export { revokeUserSessions, type SessionUser } from './auth.repository.js';
export { deleteRecoveryCodes } from './recovery-codes.repository.js';
export { hashPassword } from './password-hash.js';
