/**
 * Recovery codes: what a person types when the phone with the authenticator app is
 * lost. Ten characters of Crockford's base32 (no I, L, O or U: nothing to misread), shown in two groups
 * of five. Typing is forgiving: case, spaces and hyphens do not matter, and I/L read as 1, O as 0.
 */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_LENGTH = 10;
export const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** The code as stored (hashed) and compared, or null for text that cannot be a recovery code. */
export function normalizeRecoveryCode(typed: string): string | null {
  const text = typed.toLowerCase().replace(/[\s-]/g, '').replace(/[il]/g, '1').replace(/o/g, '0');
  if (text.length !== RECOVERY_CODE_LENGTH) return null;
  for (const c of text) if (!RECOVERY_ALPHABET.includes(c)) return null;
  return text;
}

/** "abcde-fghjk": how a code is shown to be written down. */
export const formatRecoveryCode = (code: string): string => `${code.slice(0, 5)}-${code.slice(5)}`;
