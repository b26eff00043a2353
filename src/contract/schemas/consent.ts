import { z } from 'zod';

/** The signed-in investor's K-1 delivery consent, with the disclosures to show before asking. */
export const K1ConsentResponse = z.object({
  /** True when the latest consent stands and covers the current disclosures. */
  consented: z.boolean(),
  consented_at: z.string().nullable(),
  withdrawn_at: z.string().nullable(),
  /** The disclosure version the standing or last consent was given to (null: never consented). */
  consented_version: z.number().int().nullable(),
  disclosure_version: z.number().int(),
  disclosures: z.array(z.string()),
  statement: z.string(),
});

export const GiveK1ConsentRequest = z.strictObject({
  disclosure_version: z.number({ error: 'Give the version of the disclosures you read.' }).int().min(1).max(1000),
});

export const K1ConsentsRow = z.object({
  investor_name: z.string(),
  consented: z.boolean(),
  /** When the standing consent was given; null when there is none. */
  since: z.string().nullable(),
  withdrawn_at: z.string().nullable(),
  disclosure_version: z.number().int().nullable(),
  /** The investor's tax ID masked (•••-••-1234), or null when none is on file: K-1 matching needs it. */
  tax_id: z.string().nullable(),
});
export const K1ConsentsResponse = z.object({ investors: z.array(K1ConsentsRow) });
