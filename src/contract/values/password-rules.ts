/**
 * The length of a new password (docs/security.md A1, NIST SP 800-63B-4): 15 to 128 characters, counted as
 * Unicode code points (as JSON Schema's minLength and maxLength count). The server's password policy
 * (server/domain/password-policy.ts) checks them with the rest of its rules; the API reference states them.
 */
export const PASSWORD_MIN = 15;
export const PASSWORD_MAX = 128;
