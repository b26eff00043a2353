import { openText, sealText } from './sealed-text.js';

/**
 * Investors' tax IDs at rest, sealed under the data key (sealed-text.ts). The associated data is the
 * investor's id alone (`investor:<id>`), as it was when the first tax IDs were stored, so they still open.
 */
export const sealTaxId = (key: Buffer, investorId: number, taxId: string): Buffer => sealText(key, `investor:${investorId}`, taxId);

export const openTaxId = (key: Buffer, investorId: number, sealed: Buffer): string => openText(key, `investor:${investorId}`, sealed);

/** The masked form an admin sees: the last four digits only. */
export const maskedTaxId = (last4: string | null): string | null => (last4 ? `•••-••-${last4}` : null);
