import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Text kept at rest under the data key: AES-256-GCM, a fresh 12-byte nonce each time, stored as
 * nonce ‖ ciphertext ‖ 16-byte tag. The associated data names whose value it is and which field, so a
 * sealed value copied onto another row or into another column does not open.
 */
const NONCE = 12;
const TAG = 16;

export function sealText(key: Buffer, associatedData: string, text: string): Buffer {
  const nonce = randomBytes(NONCE);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(associatedData));
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, body, cipher.getAuthTag()]);
}

export function openText(key: Buffer, associatedData: string, sealed: Buffer): string {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, NONCE));
  decipher.setAAD(Buffer.from(associatedData));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG));
  return Buffer.concat([decipher.update(sealed.subarray(NONCE, sealed.length - TAG)), decipher.final()]).toString('utf8');
}
