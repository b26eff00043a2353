import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Investors' tax IDs at rest: AES-256-GCM under DATA_KEY, a fresh 12-byte nonce each time, stored as
 * nonce ‖ ciphertext ‖ 16-byte tag. The investor's id is the associated data, so a sealed value copied
 * onto another investor's row does not open.
 */
const NONCE = 12;
const TAG = 16;

export function sealTaxId(key: Buffer, investorId: number, taxId: string): Buffer {
  const nonce = randomBytes(NONCE);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(`investor:${investorId}`));
  const body = Buffer.concat([cipher.update(taxId, 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, body, cipher.getAuthTag()]);
}

export function openTaxId(key: Buffer, investorId: number, sealed: Buffer): string {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, NONCE));
  decipher.setAAD(Buffer.from(`investor:${investorId}`));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG));
  return Buffer.concat([decipher.update(sealed.subarray(NONCE, sealed.length - TAG)), decipher.final()]).toString('utf8');
}

/** The masked form an admin sees: the last four digits only. */
export const maskedTaxId = (last4: string | null): string | null => (last4 ? `•••-••-${last4}` : null);
