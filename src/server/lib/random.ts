import { createHash, randomBytes } from 'node:crypto';

/** 128 bits from the CSPRNG, base64url: registration secrets (docs/security.md A7). */
export const newSecret = (): string => randomBytes(16).toString('base64url');

/** A random password of 144 bits for bootstrap admins and resets; shown once, never stored in clear. */
export const newPassword = (): string => randomBytes(18).toString('base64url');

/** Ten-character recovery codes from the CSPRNG (50 bits each, domain/recovery-code.ts's alphabet). */
export function newRecoveryCodes(count: number, length: number, alphabet: string): string[] {
  return Array.from({ length: count }, () => Array.from(randomBytes(length), (b) => alphabet[b % alphabet.length]).join(''));
}

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
